"use client";
import { useCallback, useEffect, useState } from "react";
import { api } from "./api";

export interface Me {
  id: string;
  displayName: string;
}

/** The signed-in user (undefined while loading, null when signed out) and a sign-in call. */
export function useMe() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api<{ user: Me | null }>("/api/me")
      .then((r) => live && setMe(r.user))
      .catch(() => live && setMe(null));
    return () => {
      live = false;
    };
  }, []);
  const signIn = useCallback(async (displayName: string) => {
    const r = await api<{ user: Me }>("/api/auth/anonymous", "POST", { displayName });
    setMe(r.user);
    return r.user;
  }, []);
  return { me, signIn };
}
