/** A rule of the shop was broken: carries the message shown to people, an HTTP status and maybe a field. */
export class DomainError extends Error {
  constructor(
    message: string,
    public readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 = 400,
    public readonly field?: string,
    /** A stable tag the UI may map to its own wording. */
    public readonly code?: "out-of-stock" | "insufficient-stock",
  ) {
    super(message);
    this.name = "DomainError";
  }

  /** The shape Conform's `submission.reply()` takes. */
  toConform(): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
    return this.field ? { fieldErrors: { [this.field]: [this.message] } } : { formErrors: [this.message] };
  }
}

export function notFound(message: string): DomainError {
  return new DomainError(message, 404);
}
