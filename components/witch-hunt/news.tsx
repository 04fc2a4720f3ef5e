"use client";
import { useTranslations } from "next-intl";
import { useNameList } from "@/lib/client/use-name-list";
import type { BallotRecord, YesNoRecord } from "@/lib/game/witch-hunt/types";
import { useWh } from "./context";
import { IngredientChip } from "./items";

/** The ballot with names (WH-P7): who voted for whom, Blank, and who was expelled. */
export function Ballot({ b }: { b: BallotRecord }) {
  const { player } = useWh();
  const t = useTranslations("wh");
  const list = useNameList();
  const by = new Map<string, string[]>();
  const blank: string[] = [];
  for (const [voter, target] of Object.entries(b.ballot)) {
    if (target === null) blank.push(voter);
    else by.set(target, [...(by.get(target) ?? []), voter]);
  }
  const rows = [...by.entries()].sort((a, c) => c[1].length - a[1].length);
  return (
    <div className="flex flex-col gap-1" data-testid="ballot" data-day={b.day}>
      <p className="font-semibold wrap-anywhere" data-testid="expelled" data-player={b.expelled ?? ""}>
        {b.expelled ? t("expelledNews", { name: player(b.expelled).name }) : t("nobodyExpelled")}
      </p>
      <ul className="flex flex-col gap-0.5 text-sm">
        {rows.map(([target, voters]) => (
          <li key={target} className="wrap-anywhere">
            <span className="font-semibold">{player(target).name}</span> ({voters.length}): {list(voters.map((v) => player(v).name))}
          </li>
        ))}
        {blank.length > 0 && (
          <li className="text-muted wrap-anywhere">
            {t("blank")} ({blank.length}): {list(blank.map((v) => player(v).name))}
          </li>
        )}
      </ul>
    </div>
  );
}

/** A yes/no vote with names (WH-R32, WH-R43). */
export function YesNo({ r }: { r: YesNoRecord }) {
  const { player } = useWh();
  const t = useTranslations("wh");
  const list = useNameList();
  const names = (ids: string[]) => (ids.length ? list(ids.map((p) => player(p).name)) : "—");
  return (
    <div className="flex flex-col gap-0.5 text-sm" data-testid="yesno-result" data-passed={r.passed ? "true" : "false"}>
      <p className={`text-base font-semibold ${r.passed ? "text-ok" : "text-danger"}`}>{r.passed ? t("passed") : t("rejected")}</p>
      <p className="wrap-anywhere">{t("proposalBy", { chief: player(r.chief).name, members: names(r.members) })}</p>
      <p className="wrap-anywhere">
        <span className="font-semibold text-ok">{t("yes")}</span> ({r.yes.length}): {names(r.yes)}
      </p>
      <p className="wrap-anywhere">
        <span className="font-semibold text-danger">{t("no")}</span> ({r.no.length}): {names(r.no)}
      </p>
    </div>
  );
}

/**
 * The day so far, as everyone heard it: the Duck's required ingredients (WH-R15), the evening news
 * (WH-R25), the yes/no votes, the ritual's result, the last ballot; the Seer's own answers.
 */
export function WhNews() {
  const { view, player } = useWh();
  const t = useTranslations("wh");
  const list = useNameList();
  if (view.day === 0 || view.phase === "ended") return null;
  const news = view.frogNews.find((n) => n.day === view.day);
  const votes = view.yesnoResults.filter((r) => r.day === view.day);
  const ritual = view.ritualResults.find((r) => r.day === view.day);
  const ballot = view.ballots.at(-1);
  const seer = Object.entries(view.seerResults);
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="wh-news-title" data-testid="wh-news">
      <h2 id="wh-news-title" className="font-bold">
        {t("newsTitle", { n: view.day })}
      </h2>
      <div className="flex flex-col gap-1" data-testid="required">
        <p className="text-sm text-muted">{t("requiredToday")}</p>
        <div className="flex flex-wrap gap-1.5">
          {view.required.map((i) => (
            <IngredientChip key={i} item={i} />
          ))}
        </div>
      </div>
      {news && (
        <div className="flex flex-col gap-0.5 wrap-anywhere" data-testid="evening-news">
          {news.frogged.length === 0 && news.restored.length === 0 && <p>{t("allReturned")}</p>}
          {news.frogged.length > 0 && <p className="text-danger">{t("froggedNews", { names: list(news.frogged.map((p) => player(p).name)) })}</p>}
          {news.restored.length > 0 && <p className="text-ok">{t("restoredNews", { names: list(news.restored.map((p) => player(p).name)) })}</p>}
        </div>
      )}
      {votes.map((r, i) => (
        <YesNo key={i} r={r} />
      ))}
      {ritual && (
        <p className={`font-semibold ${ritual.success ? "text-ok" : "text-danger"}`} data-testid="ritual-result" data-success={String(ritual.success)}>
          {ritual.success === null ? t("ritualAutoFailed") : ritual.success ? t("ritualSuccess") : t("ritualFailed")}
        </p>
      )}
      {ballot && ballot.day >= view.day - 1 && <Ballot b={ballot} />}
      {seer.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm" data-testid="seer-results">
          {seer.map(([p, w]) => (
            <li key={p} className="wrap-anywhere">
              {t(w ? "seerWitch" : "seerNotWitch", { name: player(p).name })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
