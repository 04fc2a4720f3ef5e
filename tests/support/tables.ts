// The application tables a request can write, shared by the "no partial write" fingerprint
// (tests/api) and the RLS matrix (tests/db).
export const APP_TABLES = ["rooms", "room_members", "room_bans", "games", "game_players", "game_roles", "game_states", "game_state_patches", "game_events", "action_requests"] as const;
