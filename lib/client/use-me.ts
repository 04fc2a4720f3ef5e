"use client";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { api } from "./api";

export interface Me {
  id: string;
  displayName: string;
}

// One signed-in user per page, shared by every component that asks (the top bar's account menu
// and the screen below it must agree after a sign-in, a rename or a sign-out).
let current: Me | null | undefined;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const setCurrent = (me: Me | null) => {
  current = me;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
function load() {
  loading ??= api<{ user: Me | null }>("/api/me")
    .then((r) => setCurrent(r.user))
    .catch(() => setCurrent(null));
}

/**
 * The signed-in user (undefined while loading, null when signed out), a sign-in call (also a
 * rename: an existing session keeps its id) and a sign-out.
 */
export function useMe() {
  const me = useSyncExternalStore(subscribe, () => current, () => undefined);
  useEffect(load, []);
  const signIn = useCallback(async (displayName: string) => {
    const r = await api<{ user: Me }>("/api/auth/anonymous", "POST", { displayName });
    setCurrent(r.user);
    return r.user;
  }, []);
  const signOut = useCallback(async () => {
    await api("/api/auth/signout", "POST", {});
    setCurrent(null);
  }, []);
  return { me, signIn, signOut };
}
