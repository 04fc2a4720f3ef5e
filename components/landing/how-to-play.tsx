"use client";
import { useTranslations } from "next-intl";
import { RoleIcon } from "@/components/game/role-icon";

const standardRoles = ["wolf", "seer", "guard", "witch", "hunter", "villager"] as const;
const classicRoles = ["cupid", "thief", "little_girl", "sheriff"] as const;
type RoleId = (typeof standardRoles)[number] | (typeof classicRoles)[number];

function RoleHelp({ role }: { role: RoleId }) {
  const t = useTranslations("roles");
  return (
    <li className="flex gap-3">
      <RoleIcon role={role} size={36} />
      <div>
        <h4 className="font-semibold">{t(`${role}.name`)}</h4>
        <p className="text-sm text-muted">{t(`${role}.help`)}</p>
      </div>
    </li>
  );
}

/** Short help for each role, from rules/werewolf.md, in the player's language. */
export function HowToPlay() {
  const t = useTranslations("landing");
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="how-to-play">
      <h2 id="how-to-play" className="text-xl font-bold">
        {t("howToPlay")}
      </h2>
      <p className="text-muted">{t("howIntro")}</p>
      <ul className="flex flex-col gap-3">
        {standardRoles.map((r) => (
          <RoleHelp key={r} role={r} />
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer py-2 font-semibold">{t("classicRoles")}</summary>
        <ul className="mt-2 flex flex-col gap-3">
          {classicRoles.map((r) => (
            <RoleHelp key={r} role={r} />
          ))}
        </ul>
      </details>
    </section>
  );
}
