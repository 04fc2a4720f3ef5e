// One glyph per role, so a role reads at a glance even before its name.
const paths: Record<string, string> = {
  wolf: "M4 3l4 5h8l4-5v9l-3 4-5 5-5-5-3-4z",
  seer: "M12 5C6 5 2 12 2 12s4 7 10 7 10-7 10-7-4-7-10-7zm0 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8z",
  guard: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
  witch: "M9 2h6v5l5 9a4 4 0 0 1-4 6H8a4 4 0 0 1-4-6l5-9z",
  hunter: "M12 2v4m0 12v4M2 12h4m12 0h4M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10z",
  villager: "M3 11l9-8 9 8v10h-6v-6H9v6H3z",
  cupid: "M12 21l-8-8a5 5 0 0 1 8-6 5 5 0 0 1 8 6z",
  thief: "M2 9c3-3 17-3 20 0l-2 4c-3 2-13 2-16 0zM7 10a2 2 0 1 0 0 .1M17 10a2 2 0 1 0 0 .1",
  little_girl: "M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM5 21c0-5 3-8 7-8s7 3 7 8z",
  sheriff: "M12 2l2.5 6.5H21l-5.2 4 2 6.5L12 15l-5.8 4 2-6.5L3 8.5h6.5z",
};
const strokeOnly = new Set(["hunter"]);

export function RoleIcon({ role, size = 28 }: { role: string; size?: number }) {
  const d = paths[role] ?? paths.villager;
  const wolf = role === "wolf";
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full"
      style={{ width: size, height: size, background: wolf ? "var(--danger-bg)" : "var(--surface-2)" }}
    >
      <svg width={size * 0.62} height={size * 0.62} viewBox="0 0 24 24">
        {strokeOnly.has(role) ? (
          <path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" className={wolf ? "text-wolf" : "text-accent"} />
        ) : (
          <path d={d} fill="currentColor" fillRule="evenodd" className={wolf ? "text-wolf" : "text-accent"} />
        )}
      </svg>
    </span>
  );
}
