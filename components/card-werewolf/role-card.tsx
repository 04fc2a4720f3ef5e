"use client";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import { isWolfSide } from "@/lib/client/card-werewolf/choices";
import { sideOf } from "@/lib/game/card-werewolf/winners";
import { RoleCardFrame } from "../game/role-card-frame";
import { useCw } from "./context";

/** The Seer's and the Angel's private knowledge, one line each (CW-R36, CW-R40, CW-R44, CW-R45). */
export function Knowledge() {
  const { view, player } = useCw();
  const t = useTranslations("cw");
  const a = view.angelKnows;
  return (
    <>
      {a && (
        <p className="text-sm wrap-anywhere" data-testid="angel-knows" data-player={a.player}>
          {a.team ? t("angelTeam", { name: player(a.player).name }) : t("angelRole", { name: player(a.player).name, role: t(`role.${a.role ?? "villager"}.name`) })}
        </p>
      )}
      {view.seerResults.map((r, i) => (
        <p key={i} className={`text-sm wrap-anywhere ${r.seen === "werewolf" || r.seen === "traitor" ? "text-wolf" : "text-village"}`} data-testid="seer-result" data-seen={r.seen}>
          {t("seerSaw", { day: r.day, name: player(r.target).name, seen: t(`seen.${r.seen}`) })}
        </p>
      ))}
    </>
  );
}

/**
 * The own role (CW-R6), hidden until pressed so a neighbour can't read it, with the Werewolf team
 * for its members (CW-R10, CW-R41) and what the Seer and the Angel learnt; the GM's later roles.
 */
export function CwRoleCard({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { view, me, player } = useCw();
  const t = useTranslations("cw");
  const tg = useTranslations("game");
  const list = useNameList();
  const role = view.role;
  if (!role) return <p className="card text-muted">{tg("spectating")}</p>;
  const mates = view.wolves.filter((w) => w !== me);
  return (
    <RoleCardFrame
      id="cw-role-card"
      shown={shown}
      onToggle={onToggle}
      always={
        !view.alive[me] && (
          <p className="font-semibold text-danger" data-testid="my-death">
            {view.gm === me ? t("youAreGm") : t("youAreDead")}
          </p>
        )
      }
    >
      <p className={`text-xl font-extrabold ${sideOf(role) === "werewolves" ? "text-wolf" : "text-village"}`} data-testid="my-role" data-role={role}>
        {t(`role.${role}.name`)}
      </p>
      <p className="text-sm text-muted">{t(`role.${role}.help`)}</p>
      {isWolfSide(role) && (
        <p className="text-sm text-wolf wrap-anywhere" data-testid="wolf-mates">
          {mates.length > 0 ? t("packIs", { names: list(mates.map((w) => (w === view.traitor ? `${player(w).name} (${t("role.traitor.name")})` : player(w).name))) }) : t("onlyWolf")}
        </p>
      )}
      <Knowledge />
    </RoleCardFrame>
  );
}
