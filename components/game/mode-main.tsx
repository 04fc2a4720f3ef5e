/** A table mode's page body: at the end its results across both columns, then its two columns (`children`). */
export function ModeMain({ testId, mode, results, children }: { testId: string; mode: string; results: React.ReactNode; children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-4 px-4 pt-4 pb-8 lg:grid-cols-2" data-testid={testId} data-mode={mode}>
      {results && <div className="lg:col-span-2">{results}</div>}
      {children}
    </main>
  );
}
