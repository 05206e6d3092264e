/**
 * A self-signed CA certificate (EC P-256, CN outpost-test-cluster-ca, valid until 2126) for cluster
 * `ca_cert` tests, and a PEM-looking text that is not a certificate. Public test data, no private key.
 */
export const TEST_CA_CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUAes8UJMqzr9yLWdBPM+hU7yZW9IwCgYIKoZIzj0EAwIw
IjEgMB4GA1UEAwwXb3V0cG9zdC10ZXN0LWNsdXN0ZXItY2EwIBcNMjYxMTIyMTA0
MDA4WhgPMjEyNjEwMjkxMDQwMDhaMCIxIDAeBgNVBAMMF291dHBvc3QtdGVzdC1j
bHVzdGVyLWNhMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEJhDTh81NS9o0e/hR
SJ9R/9xVZDH6bYLFsryztEzCwxLkHqOKtoSLecPYBe3qrO648d5FyGsZz1WFqZ4d
pByC+6NTMFEwHQYDVR0OBBYEFHLo2tGB0+4qzmPsq/UGJ7vfRZJnMB8GA1UdIwQY
MBaAFHLo2tGB0+4qzmPsq/UGJ7vfRZJnMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZI
zj0EAwIDSAAwRQIhALMNUdqNtDpV2Nvf2PXmBfKIMfrRZXYntHPdy0iZ+nXtAiA7
NL2FEvL16ceR8HwiBi+DO//LfKaBgtVRCHZPfkoSyw==
-----END CERTIFICATE-----`;

/** Has the PEM armour but base64 garbage inside. */
export const BROKEN_PEM = `-----BEGIN CERTIFICATE-----
bm90IGEgY2VydGlmaWNhdGUgYXQgYWxs
-----END CERTIFICATE-----`;
