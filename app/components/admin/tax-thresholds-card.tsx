import type { ThresholdFigure, ThresholdSummary } from "~/domain/records/thresholds.server";

/**
 * The year's sales against the two tax thresholds: a bar for each, the figure written out beside
 * it (readable without the colour), and the orders not counted yet for want of a rate.
 */
export function TaxThresholdsCard({ thresholds }: { thresholds: ThresholdSummary }) {
  const { year, eu, all, withoutRate } = thresholds;
  return (
    <section className="stat-card tax-thresholds" aria-labelledby="tax-thresholds">
      <h2 id="tax-thresholds">Tax thresholds {year}</h2>
      <ThresholdBar id="threshold-eu" figure={eu} />
      <ThresholdBar id="threshold-all" figure={all} />
      {withoutRate > 0 ? (
        <p className="muted small" data-testid="threshold-without-rate">
          {withoutRate === 1 ? "1 order without a rate yet" : `${withoutRate} orders without a rate yet`}: counted once the National Bank of Poland&apos;s rate
          before its payment day is stored.
        </p>
      ) : null}
      <p className="muted small">Not legal advice: see docs/tax.md and confirm with your accountant.</p>
    </section>
  );
}

function ThresholdBar({ id, figure }: { id: string; figure: ThresholdFigure }) {
  const text = `${figure.label}: ${figure.amount} of ${figure.limit} (${figure.percent}%)`;
  return (
    <div className="tax-threshold">
      <label htmlFor={id}>{text}</label>
      <meter
        id={id}
        min={0}
        max={figure.limitGrosze}
        low={figure.limitGrosze * 0.8}
        high={figure.limitGrosze * 0.999}
        optimum={0}
        value={Math.min(figure.grosze, figure.limitGrosze)}
      >
        {figure.percent}%
      </meter>
    </div>
  );
}
