/** A refusal or failure under the control that caused it, read out at once (role="alert"); nothing when there is none. */
export function ErrorNote({ error, className = "text-danger" }: { error: string | null | undefined; className?: string }) {
  return error ? (
    <p role="alert" className={className}>
      {error}
    </p>
  ) : null;
}
