/** What the generic error view shows about an error (spec 001 §8). */
export interface ErrorDescription {
  status: string;
  message: string;
  /** The error as JSON, for the collapsible details. */
  details: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function firstMessage(error: Record<string, unknown>): string | undefined {
  const { messages } = error;
  if (!Array.isArray(messages)) return undefined;
  const [first] = messages;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

function detailsOf(error: unknown): string {
  try {
    return JSON.stringify(jsonOf(error), null, 2) ?? String(error);
  } catch {
    // A structure JSON cannot hold (a cycle, a BigInt): its text is the best there is.
    return String(error);
  }
}

function jsonOf(error: unknown): unknown {
  if (isRecord(error) && typeof error.toJSON === 'function') return error;
  if (error instanceof Error) return { name: error.name, message: error.message };
  return error;
}

/** Spec 001 §8: the message is the first of the messages, else the error's message, else '-'. */
export function describeError(error: unknown): ErrorDescription {
  const record = isRecord(error) ? error : {};
  const status = typeof record.status === 'number' ? String(record.status) : '-';
  const ownMessage = typeof record.message === 'string' && record.message !== '' ? record.message : undefined;
  return {
    status,
    message: firstMessage(record) ?? ownMessage ?? '-',
    details: detailsOf(error),
  };
}
