// The events cursor's wire form (base64url JSON), shared by the server, which issues and checks
// cursors (lib/server/games/cursor.ts), and the browser, which reads which audiences a cursor
// covers (lib/realtime/view-sync.ts). No Node or browser-only imports.

/** The JSON inside a cursor; throws on anything that is not base64url JSON. */
export function decodeCursorJson(raw: string): unknown {
  return JSON.parse(atob(raw.replace(/-/g, "+").replace(/_/g, "/")));
}

export const encodeCursorJson = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
