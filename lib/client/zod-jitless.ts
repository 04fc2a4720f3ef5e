// The page's CSP allows no eval (lib/server/http/csp.ts). zod probes for it with `Function("")`
// before its first object parse and falls back when refused, but the probe is still reported as
// a violation in every browser console; telling it up front skips the probe. Loaded with the game's
// fold (use-game.ts), the only client code that brings zod, so the room page's first load stays
// without it. Browser only: the server keeps zod's compiled parsers.
import { config } from "zod";

if (typeof window !== "undefined") config({ jitless: true });
