/**
 * Signatures git appends to an annotated tag's message (`git tag -s`): OpenPGP, SSH (git 2.34+) and
 * X.509 (gpgsm) armour blocks. GitLab's tag list shows a "Verified"/"Unverified" badge instead of the
 * armour (app/views/projects/tags/_tag.html.haml with signature_badge); Outpost can't verify, so it says
 * "signed".
 */
const SIGNATURE_BLOCK =
  /(^|\n)-----BEGIN (PGP SIGNATURE|SSH SIGNATURE|SIGNED MESSAGE)-----\n[\s\S]*?\n-----END \2-----[ \t]*(\n|$)/;

/** An annotation without its signature, and whether one was there. */
export interface TagAnnotation {
  text: string;
  signed: boolean;
}

/**
 * Split a tag message into its text and whether a signature block was appended
 * (`"Release 1.0\n-----BEGIN PGP SIGNATURE-----\n…\n-----END PGP SIGNATURE-----\n"` →
 * `{ text: "Release 1.0", signed: true }`). A block that doesn't close is left as text (not a signature).
 */
export function splitTagSignature(message: string): TagAnnotation {
  const match = SIGNATURE_BLOCK.exec(message);
  if (!match) return { text: message.trimEnd(), signed: false };
  const text = (
    message.slice(0, match.index) +
    (match[1] ?? '') +
    message.slice(match.index + match[0].length)
  ).trimEnd();
  return { text, signed: true };
}
