/**
 * Drawings for the export's tests and bench: a chart-like picture (paths, arcs, gradients, a clip,
 * dashes, rotated text in Latin, Cyrillic and Chinese, hostile text) and a vis-network graph of
 * any size. Deterministic, so the screen and every exported file show the same thing.
 */
import type { ExportDrawing } from '../index.ts';

export const HOSTILE_TEXT = '<img src=x onerror=alert(1)>"&</text><script>alert(2)</script>';
export const CHART_TEXTS = ['Sberbank', 'Газпром нефть', '中国石油', 'Ünal Çelik Łódź İğdır Straße Київ'];

/** A chart-like drawing; `series` × `points` scales it for the bench. */
export function chartDrawing({ series = 2, points = 40, width = 480, height = 260 } = {}): ExportDrawing {
  return {
    width,
    height,
    draw(ctx) {
      const plot = { left: 40, top: 20, right: width - 130, bottom: height - 40 };
      // Grid: dashed lines.
      ctx.save();
      ctx.strokeStyle = '#c8ccd4';
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 3]);
      for (let i = 0; i <= 4; i += 1) {
        const y = plot.top + ((plot.bottom - plot.top) * i) / 4;
        ctx.beginPath();
        ctx.moveTo(plot.left, y);
        ctx.lineTo(plot.right, y);
        ctx.stroke();
      }
      ctx.restore();
      // Series: a gradient area and a line each, clipped to the plot.
      ctx.save();
      ctx.beginPath();
      ctx.rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top);
      ctx.clip();
      const colors = ['#1f5fbf', '#e8590c', '#2b8a3e', '#862e9c'];
      for (let s = 0; s < series; s += 1) {
        const color = colors[s % colors.length]!;
        const at = (i: number) => ({
          x: plot.left + ((plot.right - plot.left) * i) / (points - 1),
          y:
            plot.top +
            (plot.bottom - plot.top) * (0.5 + 0.35 * Math.sin(i / (4 + s) + s) * Math.cos(i / 13 + s * 0.7)),
        });
        if (s === 0) {
          const gradient = ctx.createLinearGradient(0, plot.top, 0, plot.bottom);
          gradient.addColorStop(0, 'rgba(31, 95, 191, 0.45)');
          gradient.addColorStop(1, 'rgba(31, 95, 191, 0)');
          ctx.fillStyle = gradient;
          ctx.beginPath();
          ctx.moveTo(plot.left, plot.bottom);
          for (let i = 0; i < points; i += 1) ctx.lineTo(at(i).x, at(i).y);
          ctx.lineTo(plot.right, plot.bottom);
          ctx.closePath();
          ctx.fill();
        }
        ctx.strokeStyle = color;
        ctx.lineWidth = 2;
        ctx.lineJoin = 'round';
        ctx.beginPath();
        for (let i = 0; i < points; i += 1) {
          const p = at(i);
          if (i === 0) ctx.moveTo(p.x, p.y);
          else ctx.lineTo(p.x, p.y);
        }
        ctx.stroke();
      }
      ctx.restore();
      // A pie: two slices (arcs), a radial-gradient hub, a rounded label box.
      const [cx, cy, r] = [width - 62, 70, 44];
      ctx.fillStyle = '#f08c00';
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.arc(cx, cy, r, -Math.PI / 2, 0.9);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = '#2b8a3e';
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.arc(cx, cy, r, 0.9, Math.PI * 1.5);
      ctx.closePath();
      ctx.fill();
      const hub = ctx.createRadialGradient(cx, cy, 2, cx, cy, 16);
      hub.addColorStop(0, '#ffffff');
      hub.addColorStop(1, '#dee2e6');
      ctx.fillStyle = hub;
      ctx.beginPath();
      ctx.arc(cx, cy, 16, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#495057';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.roundRect(width - 124, 130, 116, 92, 8);
      ctx.stroke();
      // Texts in several scripts and alignments, one rotated, one hostile.
      ctx.fillStyle = '#212529';
      ctx.font = '13px Roboto, Arial, sans-serif';
      ctx.textBaseline = 'top';
      ctx.textAlign = 'left';
      CHART_TEXTS.slice(0, 3).forEach((text, i) => ctx.fillText(text, width - 116, 138 + i * 26));
      ctx.textBaseline = 'alphabetic';
      ctx.textAlign = 'center';
      ctx.fillText(CHART_TEXTS[3]!, (plot.left + plot.right) / 2, height - 18);
      ctx.font = 'bold 11px Roboto, Arial, sans-serif';
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      ctx.fillText(HOSTILE_TEXT, plot.right, height - 5);
      ctx.save();
      ctx.translate(14, (plot.top + plot.bottom) / 2);
      ctx.rotate(-Math.PI / 2);
      ctx.textAlign = 'center';
      ctx.fillText('RUB', 0, 0);
      ctx.restore();
    },
  };
}

export interface GraphData {
  nodes: { id: number; label: string; x: number; y: number; color: string }[];
  edges: { id: number; from: number; to: number; label: string }[];
}

/** A star of `links` related issuers round the main one, at fixed places (no physics). */
export function graphData(links: number, names: string[] = []): GraphData {
  const nodes: GraphData['nodes'] = [
    { id: 0, label: names[0] ?? 'Main issuer', x: 0, y: 0, color: '#1f5fbf' },
  ];
  const edges: GraphData['edges'] = [];
  for (let i = 1; i <= links; i += 1) {
    const ring = 1 + Math.floor((i - 1) / 12);
    const angle = ((i - 1) % 12) * (Math.PI / 6) + ring * 0.2;
    nodes.push({
      id: i,
      label: names[i] ?? `Issuer ${i}`,
      x: Math.round(Math.cos(angle) * 150 * ring),
      y: Math.round(Math.sin(angle) * 90 * ring),
      color: '#f08c00',
    });
    edges.push({ id: i, from: 0, to: i, label: `${(i * 7) % 100}%` });
  }
  return { nodes, edges };
}
