/**
 * The operator dashboard: a brand's funnels and experiments from GET /api/ops/report as charts (visitors per step
 * per variant, conversion with its 95% interval, median time per step), each with its numbers in a table behind it.
 * The server serves this page only to a signed-in operator; should the session end meanwhile, the API's 404 shows
 * the not-found page. Loaded only here (a lazy route), so Chart.js never reaches a funnel's pages.
 */
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import type { ChartConfiguration } from "chart.js";
import { api } from "../api/client";
import { readBoot } from "../boot";
import type { FunnelReport, GroupReport, VariantReport } from "../../engine/funnelReport";
import { OPS_SIGN_IN_PATH } from "../../engine/opsPages";
import { PageLayout } from "../layout/PageLayout";
import { NotFoundPage } from "../pages/NotFoundPage";
import { useDocumentTitle } from "../pages/useDocumentTitle";
import { BarChart, CHART_COLOURS } from "./BarChart";
import { OPS_COPY, percent } from "./opsCopy";
import "./ops.css";

interface BrandChoice {
  brandId: string;
  brandName: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const sinceDay = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <details className="ops-table">
      <summary>{OPS_COPY.showTable}</summary>
      {/* Focusable, so a keyboard can scroll a wide table at 390 px. */}
      <div className="ops-table__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i > 0 ? "num" : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="num">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function FunnelChart({ variant }: { variant: VariantReport }) {
  const title = OPS_COPY.funnelChart(variant.id);
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: "bar",
      data: {
        labels: variant.steps.map((s) => s.stepId),
        datasets: [
          { label: OPS_COPY.entered, data: variant.steps.map((s) => s.entered), backgroundColor: CHART_COLOURS[0] },
          { label: OPS_COPY.continued, data: variant.steps.map((s) => s.continued), backgroundColor: CHART_COLOURS[2] },
        ],
      },
      options: { indexAxis: "y" },
    }),
    [variant],
  );
  return (
    <figure className="ops-figure">
      <figcaption>{title}</figcaption>
      <BarChart label={title} config={config} rows={variant.steps.length} />
      <DataTable
        caption={title}
        head={[OPS_COPY.step, OPS_COPY.entered, OPS_COPY.continued, OPS_COPY.dropped, OPS_COPY.dropRate, OPS_COPY.topFailures]}
        rows={variant.steps.map((s) => [
          s.stepId,
          s.entered,
          s.continued,
          s.dropped,
          percent(s.dropRate),
          s.topFailures.map((f) => `${f.fieldPath} ${f.rule} ×${f.count}`).join("; ") || OPS_COPY.none,
        ])}
      />
    </figure>
  );
}

function ConversionChart({ group }: { group: GroupReport }) {
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: "bar",
      data: {
        labels: group.variants.map((v) => v.id),
        datasets: [
          {
            type: "line",
            label: OPS_COPY.conversion,
            data: group.variants.map((v) => v.conversion * 100),
            showLine: false,
            pointRadius: 6,
            backgroundColor: CHART_COLOURS[1],
            borderColor: CHART_COLOURS[1],
          },
          {
            type: "bar",
            label: OPS_COPY.interval,
            // A floating bar from the interval's low end to its high end.
            data: group.variants.map((v) => [v.interval[0] * 100, v.interval[1] * 100] as [number, number]),
            backgroundColor: "#9ec5e8",
          },
        ],
      },
      options: { indexAxis: "y", scales: { x: { min: 0, max: 100, title: { display: true, text: "%" } } } },
    }),
    [group],
  );
  return (
    <figure className="ops-figure">
      <figcaption>{OPS_COPY.conversionChart}</figcaption>
      <BarChart label={OPS_COPY.conversionChart} config={config} rows={group.variants.length} />
      <DataTable
        caption={OPS_COPY.conversionChart}
        head={[
          OPS_COPY.variant,
          OPS_COPY.versions,
          OPS_COPY.visits,
          OPS_COPY.completed,
          OPS_COPY.conversion,
          OPS_COPY.interval,
          OPS_COPY.probabilityBest,
        ]}
        rows={group.variants.map((v) => [
          v.id,
          v.funnelVersions.join(", "),
          v.visits,
          v.completed,
          percent(v.conversion),
          `${percent(v.interval[0])} – ${percent(v.interval[1])}`,
          percent(v.probabilityBest),
        ])}
      />
    </figure>
  );
}

function TimeChart({ group }: { group: GroupReport }) {
  const steps = [...new Set(group.variants.flatMap((v) => v.steps.map((s) => s.stepId)))];
  const median = (v: VariantReport, stepId: string) => v.steps.find((s) => s.stepId === stepId)?.medianSeconds ?? null;
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: "bar",
      data: {
        labels: steps,
        datasets: group.variants.map((v, i) => ({
          label: v.id,
          data: steps.map((id) => median(v, id)),
          backgroundColor: CHART_COLOURS[i % CHART_COLOURS.length],
        })),
      },
      options: { indexAxis: "y" },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- steps and median follow from the group
    [group],
  );
  return (
    <figure className="ops-figure">
      <figcaption>{OPS_COPY.timeChart}</figcaption>
      <BarChart label={OPS_COPY.timeChart} config={config} rows={steps.length * Math.max(1, group.variants.length)} />
      <DataTable
        caption={OPS_COPY.timeChart}
        head={[OPS_COPY.step, ...group.variants.map((v) => v.id)]}
        rows={steps.map((id) => [id, ...group.variants.map((v) => median(v, id) ?? "–")])}
      />
    </figure>
  );
}

function GroupSection({ heading, group }: { heading: string; group: GroupReport }) {
  const headingId = useId();
  return (
    <section className="ops-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {group.warnings.map((w) => (
        <p key={w} className="panel">
          {w}
        </p>
      ))}
      {group.variants.length === 0 ? (
        <p>{OPS_COPY.noVisits}</p>
      ) : (
        <>
          <ConversionChart group={group} />
          {group.variants.map((v) => (
            <FunnelChart key={v.id} variant={v} />
          ))}
          <TimeChart group={group} />
        </>
      )}
    </section>
  );
}

export function OpsDashboardPage() {
  const { brand } = readBoot();
  useDocumentTitle(OPS_COPY.dashboardTitle);
  const [brands, setBrands] = useState<BrandChoice[] | null>(null);
  const [choice, setChoice] = useState<{ brandId: string; days: number } | null>(null);
  const [report, setReport] = useState<FunnelReport | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed" | "gone">("loading");

  useEffect(() => {
    void api.get<{ brands: BrandChoice[] }>("/api/ops/brands").then((result) => {
      if (result.status === 404) return setState("gone");
      if (!result.ok) return setState("failed");
      setBrands(result.body.brands);
      setChoice({ brandId: result.body.brands[0]?.brandId ?? "", days: OPS_COPY.periods[1].days });
    });
  }, []);

  useEffect(() => {
    if (!choice?.brandId) return;
    const query = new URLSearchParams({ brand: choice.brandId, since: sinceDay(choice.days) });
    void api.get<FunnelReport>(`/api/ops/report?${query}`).then((result) => {
      if (result.status === 404) return setState("gone");
      if (!result.ok) return setState("failed");
      setReport(result.body);
      setState("ready");
    });
  }, [choice]);

  if (state === "gone") return <NotFoundPage />;

  const onShow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState("loading");
    setChoice({ brandId: String(form.get("brand")), days: Number(form.get("days")) });
  };
  const signOut = async () => {
    await api.post("/api/ops/sign-out", {});
    window.location.assign(OPS_SIGN_IN_PATH);
  };

  return (
    <PageLayout brand={brand} mainClassName="ops-page">
      <div className="ops-bar">
        <h1 className="step-heading">{OPS_COPY.dashboardTitle}</h1>
        <button type="button" className="button button--secondary" onClick={() => void signOut()}>
          {OPS_COPY.signOut}
        </button>
      </div>
      {brands && choice && (
        <form className="ops-choice" onSubmit={onShow}>
          <div className="field">
            <label className="label" htmlFor="ops-brand">
              {OPS_COPY.brand}
            </label>
            <select id="ops-brand" name="brand" className="input" defaultValue={choice.brandId}>
              {brands.map((b) => (
                <option key={b.brandId} value={b.brandId}>
                  {b.brandName} ({b.brandId})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="label" htmlFor="ops-days">
              {OPS_COPY.period}
            </label>
            <select id="ops-days" name="days" className="input" defaultValue={choice.days}>
              {OPS_COPY.periods.map((p) => (
                <option key={p.days} value={p.days}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--primary">
            {OPS_COPY.show}
          </button>
        </form>
      )}
      {state === "loading" && <div className="spinner" role="status" aria-label={OPS_COPY.loading} />}
      {state === "failed" && (
        <p className="panel panel--error" role="alert">
          {OPS_COPY.loadFailed}
        </p>
      )}
      {state === "ready" && report && (
        <div aria-live="polite">
          <p className="ops-method">
            {OPS_COPY.method}
            {report.method}
          </p>
          {report.experiments.map((e) => (
            <GroupSection key={e.experimentId} heading={OPS_COPY.experimentHeading(e.experimentId ?? "")} group={e} />
          ))}
          <GroupSection heading={OPS_COPY.funnelsHeading} group={report.funnels} />
        </div>
      )}
    </PageLayout>
  );
}
