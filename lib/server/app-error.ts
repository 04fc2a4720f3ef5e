// The one error type that crosses the HTTP edge: a status, a stable machine code and a human message.
// Services throw it for every refusal; `handle()` turns it into `{ error: { code, message } }`.

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const notFound = (code: string, what: string) => new AppError(404, code, `${what} not found.`);
