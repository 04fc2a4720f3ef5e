// Every API route, as server.ts's direct routes answer it (direct-routes.ts): the same handlers
// Next.js routes to, matched here by method and path without Next.js's per-request machinery (~1 ms
// of CPU a request). Loaded by instrumentation.ts only under server.ts; api-routes.test.ts holds
// this list to the route files under app/api, so a new route cannot be left to Next.js by mistake.
import type { DirectRoute } from "./direct-routes";
import * as signIn from "@/app/api/auth/anonymous/route";
import * as signOut from "@/app/api/auth/signout/route";
import * as actions from "@/app/api/games/[id]/actions/route";
import * as chat from "@/app/api/games/[id]/chat/route";
import * as events from "@/app/api/games/[id]/events/route";
import * as gameMe from "@/app/api/games/[id]/me/route";
import * as game from "@/app/api/games/[id]/route";
import * as tick from "@/app/api/games/[id]/tick/route";
import * as view from "@/app/api/games/[id]/view/route";
import * as me from "@/app/api/me/route";
import * as realtime from "@/app/api/realtime/route";
import * as allowBack from "@/app/api/rooms/[code]/allow-back/route";
import * as appearance from "@/app/api/rooms/[code]/appearance/route";
import * as bot from "@/app/api/rooms/[code]/bots/[userId]/route";
import * as bots from "@/app/api/rooms/[code]/bots/route";
import * as endGame from "@/app/api/rooms/[code]/end-game/route";
import * as roomGames from "@/app/api/rooms/[code]/games/route";
import * as host from "@/app/api/rooms/[code]/host/route";
import * as join from "@/app/api/rooms/[code]/join/route";
import * as kick from "@/app/api/rooms/[code]/kick/route";
import * as leave from "@/app/api/rooms/[code]/leave/route";
import * as name from "@/app/api/rooms/[code]/name/route";
import * as ready from "@/app/api/rooms/[code]/ready/route";
import * as reset from "@/app/api/rooms/[code]/reset/route";
import * as room from "@/app/api/rooms/[code]/route";
import * as settings from "@/app/api/rooms/[code]/settings/route";
import * as start from "@/app/api/rooms/[code]/start/route";
import * as rooms from "@/app/api/rooms/route";

type Method = DirectRoute["method"];
type Handler = DirectRoute["handler"];

// A path segment as Next.js matches a dynamic one (`[id]`): anything up to the next slash.
const SEGMENT = "[^/]+";

/** `/api/games/[id]/view` → a pattern whose named groups are the route's params. */
export function routePattern(route: string): RegExp {
  const source = route
    .split("/")
    .map((part) => {
      const param = /^\[(\w+)\]$/.exec(part);
      return param ? `(?<${param[1]}>${SEGMENT})` : part.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The route files' paths (as under app/, without `/route.ts`) and their modules' handlers. */
export const API_ROUTES: [route: string, module: Partial<Record<Method, Handler>>][] = [
  ["/api/auth/anonymous", signIn],
  ["/api/auth/signout", signOut],
  ["/api/games/[id]/actions", actions],
  ["/api/games/[id]/chat", chat],
  ["/api/games/[id]/events", events],
  ["/api/games/[id]/me", gameMe],
  ["/api/games/[id]", game],
  ["/api/games/[id]/tick", tick],
  ["/api/games/[id]/view", view],
  ["/api/me", me],
  ["/api/realtime", realtime],
  ["/api/rooms/[code]/allow-back", allowBack],
  ["/api/rooms/[code]/appearance", appearance],
  ["/api/rooms/[code]/bots/[userId]", bot],
  ["/api/rooms/[code]/bots", bots],
  ["/api/rooms/[code]/end-game", endGame],
  ["/api/rooms/[code]/games", roomGames],
  ["/api/rooms/[code]/host", host],
  ["/api/rooms/[code]/join", join],
  ["/api/rooms/[code]/kick", kick],
  ["/api/rooms/[code]/leave", leave],
  ["/api/rooms/[code]/name", name],
  ["/api/rooms/[code]/ready", ready],
  ["/api/rooms/[code]/reset", reset],
  ["/api/rooms/[code]", room],
  ["/api/rooms/[code]/settings", settings],
  ["/api/rooms/[code]/start", start],
  ["/api/rooms", rooms],
];

const METHODS: Method[] = ["GET", "POST", "PATCH", "PUT", "DELETE"];

/** One direct route per exported method of every API route. */
export function apiDirectRoutes(): DirectRoute[] {
  return API_ROUTES.flatMap(([route, module]) =>
    METHODS.flatMap((method) => {
      const handler = module[method];
      return handler ? [{ method, path: routePattern(route), handler }] : [];
    }),
  );
}
