// W-ROOM-1 room codes: 6 characters, no look-alikes (0/O, 1/I/L), from a CSPRNG.
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

export function newRoomCode(): string {
  const n = CODE_ALPHABET.length;
  const limit = 256 - (256 % n); // rejection sampling keeps every character equally likely
  let code = "";
  while (code.length < CODE_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    for (const b of bytes) if (b < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[b % n];
  }
  return code;
}

const codeShape = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** Upper-cased code, or null when it cannot be any room's code (answered as not found). */
export function normalizeCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return codeShape.test(code) ? code : null;
}

export const invitePath = (code: string) => `/r/${code}`;
