import { useId } from 'react';
import type { NpsScore } from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { chartGroups, niceMax } from '../list-rules';

/*
 * spec 2 §2 NPS bar chart: promoters, passives and detractors of the period next to the prior year's. Plain SVG (no
 * chart library in the bundle), drawn as one image with a title and a description, and the same numbers in a table
 * below for screen readers and for reading exact values.
 */

const WIDTH = 560;
const HEIGHT = 280;
const PLOT = { left: 44, right: 12, top: 24, bottom: 40 };
const GRIDLINES = 4;
const BAR_WIDTH = 46;
const BAR_GAP = 8;

export function NpsChart({ score }: { score: NpsScore }) {
  const id = useId();
  const groups = chartGroups(score);
  const max = niceMax(Math.max(...groups.flatMap((group) => [group.current, group.previous])));
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const groupWidth = (WIDTH - PLOT.left - PLOT.right) / groups.length;
  const y = (count: number) => PLOT.top + plotHeight - (count / max) * plotHeight;
  const current = `${formatDate(score.startDate)} to ${formatDate(score.endDate)}`;
  const previous = `${formatDate(score.previousStartDate)} to ${formatDate(score.previousEndDate)}`;
  const description = groups.map((group) => `${group.label}: ${group.current} this period, ${group.previous} the prior year.`).join(' ');

  return (
    <figure className="nps-chart">
      <figcaption className="nps-chart__legend">
        <span className="nps-chart__key nps-chart__key--current">This period ({current})</span>
        <span className="nps-chart__key nps-chart__key--previous">Prior year ({previous})</span>
      </figcaption>
      <svg className="nps-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Promoters, passives and detractors against the prior year</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {Array.from({ length: GRIDLINES + 1 }, (_, step) => {
          const value = (max / GRIDLINES) * step;
          return (
            <g key={step} className="nps-chart__grid">
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(value)} y2={y(value)} />
              <text x={PLOT.left - 6} y={y(value)} textAnchor="end" dominantBaseline="middle">
                {Number.isInteger(value) ? value : value.toFixed(1)}
              </text>
            </g>
          );
        })}
        {groups.map((group, index) => {
          const center = PLOT.left + groupWidth * index + groupWidth / 2;
          const bars = [
            { period: 'current', count: group.current, x: center - BAR_WIDTH - BAR_GAP / 2 },
            { period: 'previous', count: group.previous, x: center + BAR_GAP / 2 },
          ] as const;
          return (
            <g key={group.band} className={`nps-chart__group nps-chart__group--${group.band.toLowerCase()}`}>
              {bars.map((bar) => (
                <g key={bar.period}>
                  <rect
                    className={`nps-chart__bar nps-chart__bar--${bar.period}`}
                    data-band={group.band}
                    data-period={bar.period}
                    data-count={bar.count}
                    x={bar.x}
                    y={y(bar.count)}
                    width={BAR_WIDTH}
                    height={Math.max(0, PLOT.top + plotHeight - y(bar.count))}
                    rx={3}
                  />
                  <text className="nps-chart__value" x={bar.x + BAR_WIDTH / 2} y={y(bar.count) - 6} textAnchor="middle">
                    {bar.count}
                  </text>
                </g>
              ))}
              <text className="nps-chart__label" x={center} y={HEIGHT - PLOT.bottom + 22} textAnchor="middle">
                {group.label}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="nps-chart__table">
        <caption className="visually-hidden">Completed calls by band</caption>
        <thead>
          <tr>
            <th scope="col">Band</th>
            <th scope="col">This period</th>
            <th scope="col">Prior year</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.band}>
              <th scope="row">{group.label}</th>
              <td>{group.current}</td>
              <td>{group.previous}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
