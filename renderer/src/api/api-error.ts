/** Validation errors per field, as GitLab returns them in `{"message": {"name": ["has already been taken"]}}`. */
export type FieldErrors = Record<string, string[]>;

/**
 * A non-2xx response from the GitLab v4 API, with a message an administrator can read.
 * `fieldErrors` carries GitLab's per-field validation messages (422/400) for inline form errors.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(extractErrorMessage(status, body));
    this.status = status;
    this.body = body;
    this.fieldErrors = extractFieldErrors(body);
  }
}

/** Generic sentences for statuses whose GitLab bodies say little (`{"message":"401 Unauthorized"}`). */
const STATUS_SENTENCES: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'The access token was rejected. Check the token stored for this instance.',
  403: 'You do not have permission to do this.',
  404: 'The resource was not found.',
  409: 'The request conflicts with the current state of the resource.',
  413: 'The request is too large.',
  422: 'The request could not be processed.',
  429: 'Too many requests. Wait a moment and try again.',
  500: 'The server ran into an internal error.',
  502: 'The instance is unreachable (bad gateway).',
  503: 'The instance is temporarily unavailable.',
  504: 'The instance did not answer in time.',
};

/**
 * Turn a GitLab error body into one readable sentence.
 * Handles `{"message": "404 Project Not Found"}`, `{"error": "…", "error_description": "…"}`,
 * `{"message": {"name": ["has already been taken"]}}`, `{"message": ["…"]}` and plain-text bodies;
 * falls back to a sentence for the HTTP status.
 */
export function extractErrorMessage(status: number, body: unknown): string {
  const fallback = STATUS_SENTENCES[status] ?? `The request failed with HTTP status ${status}.`;
  if (typeof body === 'string') {
    const text = body.trim();
    // HTML error pages and long dumps are not sentences.
    if (text === '' || text.startsWith('<') || text.length > 300) return fallback;
    return toSentence(text, status) ?? fallback;
  }
  if (typeof body !== 'object' || body === null) return fallback;
  const record = body as Record<string, unknown>;
  const fromMessage = describeMessageValue(record.message, status);
  if (fromMessage) return fromMessage;
  if (typeof record.error_description === 'string')
    return toSentence(record.error_description, status) ?? fallback;
  const fromError = describeMessageValue(record.error, status);
  return fromError ?? fallback;
}

/** Per-field validation messages from `{"message": {field: [...]}}`; empty when the body has none. */
export function extractFieldErrors(body: unknown): FieldErrors {
  if (typeof body !== 'object' || body === null) return {};
  const message = (body as Record<string, unknown>).message;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return {};
  const result: FieldErrors = {};
  for (const [field, value] of Object.entries(message as Record<string, unknown>)) {
    const messages = toStringList(value);
    if (messages.length > 0) result[field] = messages;
  }
  return result;
}

function describeMessageValue(value: unknown, status: number): string | null {
  if (typeof value === 'string') return toSentence(value, status);
  if (Array.isArray(value)) {
    const parts = toStringList(value)
      .map((item) => toSentence(item, status))
      .filter((item): item is string => item !== null);
    return parts.length > 0 ? parts.join(' ') : null;
  }
  if (typeof value === 'object' && value !== null) {
    const parts = Object.entries(value as Record<string, unknown>).flatMap(([field, messages]) =>
      toStringList(messages).map((message) =>
        toSentence(field === 'base' ? message : `${humanizeField(field)} ${message}`, status),
      ),
    );
    const sentences = parts.filter((item): item is string => item !== null);
    return sentences.length > 0 ? sentences.join(' ') : null;
  }
  return null;
}

function toStringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** `namespace_id` → `Namespace ID`, `import_url` → `Import URL`. */
export function humanizeField(field: string): string {
  const words = field.split(/[_.]/).filter(Boolean);
  const text = words
    .map((word) =>
      ['id', 'url', 'ssh', 'http', 'ci', 'api'].includes(word.toLowerCase()) ? word.toUpperCase() : word,
    )
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** HTTP reason phrases that GitLab sends as the whole message (`"401 Unauthorized"`): no detail of their own. */
const REASON_PHRASES: ReadonlySet<string> = new Set([
  'bad request',
  'unauthorized',
  'forbidden',
  'not found',
  'method not allowed',
  'conflict',
  'payload too large',
  'unprocessable entity',
  'too many requests',
  'internal server error',
  'bad gateway',
  'service unavailable',
  'gateway timeout',
]);

/**
 * `"404 Project Not Found"` → `"Project not found."`; `"name is missing"` → `"Name is missing."`;
 * a bare status line (`"401 Unauthorized"`) becomes the sentence for that status.
 */
function toSentence(raw: string, status: number): string | null {
  let text = raw.trim();
  if (text === '') return null;
  const statusLine = /^(\d{3})\s*(.*)$/.exec(text);
  if (statusLine) {
    const code = Number(statusLine[1]);
    const rest = (statusLine[2] ?? '').trim();
    if (rest === '' || REASON_PHRASES.has(rest.toLowerCase())) {
      return (
        STATUS_SENTENCES[code] ?? STATUS_SENTENCES[status] ?? `The request failed with HTTP status ${code}.`
      );
    }
    text = rest;
    // GitLab's "Project Not Found" / "Branch Not Found": Title Case → sentence case.
    if (/^[A-Z][\w-]*( [A-Z][\w-]*)+$/.test(text)) text = text.charAt(0) + text.slice(1).toLowerCase();
  }
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
