"use client";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import { useGameCtx } from "./game-context";
import { useRoleText } from "./labels";
import { RoleIcon } from "./role-icon";

/**
 * The own role, hidden until pressed so a neighbour can't read it off the screen. While hidden,
 * tiles don't mark the fellow wolves either.
 */
export function RoleCard({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { view, me, player } = useGameCtx();
  const t = useTranslations("game");
  const tr = useTranslations("roles");
  const list = useNameList();
  const { role: roleName } = useRoleText();
  const role = view.myRole;
  if (!role) return <p className="card text-muted">{t("spectating")}</p>;
  const mates = view.myRole === "wolf" ? view.wolves.filter((w) => w !== me) : [];
  const partner = view.lovers?.includes(me) ? view.lovers.find((p) => p !== me) : undefined;
  return (
    <section className="card" aria-labelledby="role-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="role-title" className="font-bold">
          {t("yourRole")}
        </h2>
        <button type="button" className="btn btn-sm" aria-expanded={shown} aria-controls="role-body" onClick={onToggle} data-testid="role-toggle">
          {shown ? t("hide") : t("reveal")}
        </button>
      </div>
      <div id="role-body" hidden={!shown} className="mt-3" data-testid="role-body">
        {shown && (
          <div className="flex gap-3">
            <RoleIcon role={role} size={48} />
            <div className="flex flex-col gap-1">
              <p className="text-xl font-extrabold" data-testid="my-role" data-role={role}>
                {roleName(role)}
              </p>
              <p className="text-sm text-muted">{tr(`${role}.help`)}</p>
              {mates.length > 0 && <p className="text-sm text-wolf">{t("teammates", { names: list(mates.map((m) => player(m).name)) })}</p>}
              {partner && <p className="text-sm">{t("partner", { name: player(partner).name })}</p>}
            </div>
          </div>
        )}
      </div>
      {!shown && <p className="mt-1 text-sm text-muted">{t("hiddenHint")}</p>}
    </section>
  );
}
