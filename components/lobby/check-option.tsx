/** A setting as a checkbox with its name and a line of help under it (a 44 px row). */
export function CheckOption({ checked, disabled, onChange, testId, name, help }: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void; testId: string; name: string; help: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input type="checkbox" className="size-5 accent-[var(--accent)]" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span className="flex flex-col">
        <span className="font-semibold">{name}</span>
        <span className="text-sm text-muted">{help}</span>
      </span>
    </label>
  );
}
