import { z } from 'zod';
import { AUDIT_ENTITY_TYPES, AUDIT_TIME_PATTERN } from '../../shared/audit-events.js';
import type { BridgeChannel, BridgeChannels } from '../../shared/ipc-contract.js';

const profileId = z.string().min(1).max(200);

const queryValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.undefined(),
  z.array(z.union([z.string(), z.number()])),
]);

const apiRequest = z
  .object({
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().min(1).max(8192),
    query: z.record(z.string(), queryValue).optional(),
    body: z.unknown().optional(),
    profileId: profileId.optional(),
    ifNoneMatch: z.string().min(1).max(512).optional(),
  })
  .strict();

/** A GraphQL request: the query text (100 000 characters at most, the core's and GitLab's limits apply on top). */
const graphqlRequest = z
  .object({
    query: z.string().min(1).max(100_000),
    variables: z.record(z.string(), z.unknown()).optional(),
    operationName: z.string().min(1).max(200).optional(),
    profileId: profileId.optional(),
  })
  .strict();

const addRemoteInput = z
  .object({
    name: z.string().max(200),
    url: z.string().max(2048),
    token: z.string().max(4096),
    allowInsecureHttp: z.boolean().optional(),
  })
  .strict();

const updateProfileInput = z
  .object({
    id: profileId,
    name: z.string().max(200).optional(),
    token: z.string().max(4096).optional(),
    // Range and PEM are checked by the profile store, which answers with a sentence.
    caCertificate: z.string().max(300_000).nullable().optional(),
    timeoutSeconds: z.number().finite().nullable().optional(),
  })
  .strict();

const auditTime = z.string().regex(AUDIT_TIME_PATTERN, 'expected YYYY-MM-DDTHH:MM:SSZ');

const auditEventsExportInput = z
  .object({
    kind: z.literal('audit_events'),
    profileId: profileId.optional(),
    format: z.enum(['csv', 'ndjson']),
    filters: z
      .object({
        created_after: auditTime.optional(),
        created_before: auditTime.optional(),
        entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
        entity_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      })
      .strict()
      .refine((filters) => filters.entity_id === undefined || filters.entity_type !== undefined, {
        message: 'entity_id needs entity_type',
        path: ['entity_id'],
      }),
  })
  .strict();

const exportId = z.string().min(1).max(100);

const notificationInput = z
  .object({ title: z.string().min(1).max(200), body: z.string().max(1000) })
  .strict();

/** Argument tuples of each channel (what the renderer may send), checked before any handler runs. */
export const BRIDGE_ARG_SCHEMAS: { [C in BridgeChannel]: z.ZodType<Parameters<BridgeChannels[C]>> } = {
  'api:request': z.tuple([apiRequest]),
  'api:graphql': z.tuple([graphqlRequest]),
  'profiles:list': z.tuple([]),
  'profiles:add-remote': z.tuple([addRemoteInput]),
  'profiles:remove': z.tuple([profileId]),
  'profiles:update': z.tuple([updateProfileInput]),
  'profiles:set-active': z.tuple([profileId]),
  'profiles:check': z.tuple([profileId]),
  'app:info': z.tuple([]),
  'shell:open-external': z.tuple([z.string().max(8192)]),
  'export:start': z.tuple([auditEventsExportInput]),
  'export:status': z.tuple([exportId]),
  'export:cancel': z.tuple([exportId]),
  'events:poll': z.tuple([
    z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER),
    z.number().int().min(0).max(60_000),
  ]),
  'events:slow-downs': z.tuple([
    z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER),
    z.number().int().min(0).max(60_000),
  ]),
  'notify:show': z.tuple([notificationInput]),
  'onboarding:status': z.tuple([]),
  'onboarding:finish': z.tuple([z.enum(['embedded', 'remote'])]),
  'demo:load': z.tuple([z.object({ repositoryPath: z.string().min(1).max(4096).optional() }).strict()]),
  'demo:status': z.tuple([]),
};

/**
 * A short description of what was wrong with the arguments: paths and zod's messages only, never the
 * values (an argument may hold a token).
 */
export function describeArgIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? `args.${issue.path.join('.')}` : 'args'}: ${issue.message}`)
    .join('; ');
}
