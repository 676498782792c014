/**
 * A recording CanvasRenderingContext2D: the canvas calls amCharts and vis-network make (and our
 * logo) written down as SVG, so an export is vector paths and live text instead of a picture.
 *
 * How it maps:
 *  - path points are stored already transformed (the canvas applies the transform when a point is
 *    added, not when the path is filled), arcs and ellipses as cubic Béziers; a fill or stroke
 *    writes one `<path>` in page coordinates, its line width scaled by the transform;
 *  - text is `<text>` with the transform as `matrix(…)`, the font named, the content escaped;
 *  - `clip()` opens a `<clipPath>` (nested in the clip before it) and what follows is drawn in a
 *    `<g clip-path>`; save/restore keep state, transform and clip as the canvas does;
 *  - gradients become `<linearGradient>` / `<radialGradient>` in user space;
 *  - pictures (`drawImage`, patterns) are left out: the portal's drawings are vector (the logo is
 *    canvas paths), and an `<image>` could carry anything. Their count is in `skippedImages`.
 *  - shadows, filters and composite modes are ignored (the screen look stays, the file stays small).
 */

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!det) return null;
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}

/** Numbers short in the file: 3 decimals are far below a device pixel. */
const num = (value: number) => {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** Text and attribute values escaped for XML (also drops characters XML 1.0 forbids). */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

interface Paint {
  /** An SVG paint value (`#rrggbb`, `none`, `url(#id)`). */
  value: string;
  opacity: number;
}

/** A colour as SVG paint: `rgba()` / 8-digit hex split into colour and opacity. */
export function parseColor(color: string): Paint {
  const text = color.trim().toLowerCase();
  if (text === 'transparent') return { value: 'none', opacity: 0 };
  const rgba = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (rgba) {
    const [r, g, b] = [rgba[1], rgba[2], rgba[3]].map((part) => Math.round(Number(part)));
    const alphaText = rgba[4];
    const alpha =
      alphaText === undefined
        ? 1
        : alphaText.endsWith('%')
          ? Number(alphaText.slice(0, -1)) / 100
          : Number(alphaText);
    return { value: `rgb(${r},${g},${b})`, opacity: alpha };
  }
  const hex = /^#([0-9a-f]{8}|[0-9a-f]{4})$/.exec(text);
  if (hex) {
    const digits = hex[1]!;
    const long = digits.length === 4 ? [...digits].map((d) => d + d).join('') : digits;
    return { value: `#${long.slice(0, 6)}`, opacity: parseInt(long.slice(6), 16) / 255 };
  }
  // Named colours and #rgb / #rrggbb are SVG paint as they are; anything else is dropped.
  return /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]+)$/.test(text)
    ? { value: text, opacity: 1 }
    : { value: 'none', opacity: 0 };
}

interface Font {
  style: string;
  weight: string;
  size: number;
  family: string;
}

/** The CSS font shorthand as the canvas takes it (`bold 14px Roboto, sans-serif`). */
export function parseFont(font: string): Font {
  const match = /^\s*(.*?)\s*(\d*\.?\d+)(px|pt)(?:\s*\/\s*\S+)?\s+(.+?)\s*$/.exec(font);
  if (!match) return { style: 'normal', weight: 'normal', size: 10, family: 'sans-serif' };
  const words = match[1]!.split(/\s+/).filter(Boolean);
  const style = words.find((word) => word === 'italic' || word === 'oblique') ?? 'normal';
  const weight = words.find((word) => /^(bold|bolder|lighter|\d{3})$/.test(word)) ?? 'normal';
  const size = Number(match[2]) * (match[3] === 'pt' ? 4 / 3 : 1);
  return { style, weight, size, family: match[4]! };
}

export class RecordedGradient {
  readonly stops: { offset: number; color: string }[] = [];
  constructor(
    readonly kind: 'linear' | 'radial',
    readonly coords: number[],
  ) {}
  addColorStop(offset: number, color: string): void {
    if (!(offset >= 0 && offset <= 1)) throw new RangeError('The offset is out of range');
    this.stops.push({ offset, color });
  }
}

type Style = string | RecordedGradient | CanvasPattern | CanvasGradient;

interface ClipNode {
  id: string;
}

interface State {
  matrix: Matrix;
  clip: ClipNode | null;
  fillStyle: Style;
  strokeStyle: Style;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  miterLimit: number;
  lineDash: number[];
  lineDashOffset: number;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  direction: CanvasDirection;
}

const initialState = (): State => ({
  matrix: [...IDENTITY],
  clip: null,
  fillStyle: '#000000',
  strokeStyle: '#000000',
  lineWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  miterLimit: 10,
  lineDash: [],
  lineDashOffset: 0,
  globalAlpha: 1,
  font: '10px sans-serif',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  direction: 'ltr',
});

/** A real context for measureText (the recorder has no glyphs); null outside a browser. */
function measuringContext(): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null {
  try {
    if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(1, 1).getContext('2d');
    if (typeof document !== 'undefined') return document.createElement('canvas').getContext('2d');
  } catch {
    // No canvas (Node, happy-dom): measure by estimate below.
  }
  return null;
}

/**
 * The recording context. Use it where a CanvasRenderingContext2D is expected (`asContext()`),
 * then `toSvgBody()` for the markup and `defs()` for gradients and clips.
 */
export class SvgRecorder {
  private state: State = initialState();
  private readonly stack: State[] = [];
  /** The current path in page coordinates. */
  private path: string[] = [];
  private start: [number, number] | null = null;
  private current: [number, number] | null = null;
  private readonly body: string[] = [];
  private readonly defList: string[] = [];
  private openClip: ClipNode | null = null;
  private nextId = 0;
  private readonly measurer = measuringContext();
  /** Pictures left out (drawImage, pattern paint). */
  skippedImages = 0;
  readonly canvas: { width: number; height: number };

  constructor(
    readonly width: number,
    readonly height: number,
    /** Prefix for ids, so two drawings in one document never share a clip or gradient id. */
    private readonly idPrefix = 'fin-x',
  ) {
    this.canvas = { width, height };
  }

  /** The recorder typed as the canvas context the drawing code expects. */
  asContext(): CanvasRenderingContext2D {
    return this as unknown as CanvasRenderingContext2D;
  }

  // ---- state ----
  save(): void {
    this.stack.push({ ...this.state, matrix: [...this.state.matrix], lineDash: [...this.state.lineDash] });
  }
  restore(): void {
    const previous = this.stack.pop();
    if (previous) this.state = previous;
  }
  reset(): void {
    this.state = initialState();
    this.stack.length = 0;
    this.beginPath();
  }

  get fillStyle(): Style {
    return this.state.fillStyle;
  }
  set fillStyle(value: Style) {
    this.state.fillStyle = value;
  }
  get strokeStyle(): Style {
    return this.state.strokeStyle;
  }
  set strokeStyle(value: Style) {
    this.state.strokeStyle = value;
  }
  get lineWidth(): number {
    return this.state.lineWidth;
  }
  set lineWidth(value: number) {
    if (value > 0 && Number.isFinite(value)) this.state.lineWidth = value;
  }
  get lineCap(): CanvasLineCap {
    return this.state.lineCap;
  }
  set lineCap(value: CanvasLineCap) {
    this.state.lineCap = value;
  }
  get lineJoin(): CanvasLineJoin {
    return this.state.lineJoin;
  }
  set lineJoin(value: CanvasLineJoin) {
    this.state.lineJoin = value;
  }
  get miterLimit(): number {
    return this.state.miterLimit;
  }
  set miterLimit(value: number) {
    if (value > 0) this.state.miterLimit = value;
  }
  get lineDashOffset(): number {
    return this.state.lineDashOffset;
  }
  set lineDashOffset(value: number) {
    this.state.lineDashOffset = value;
  }
  setLineDash(segments: number[]): void {
    if (segments.some((s) => !(s >= 0) || !Number.isFinite(s))) return;
    this.state.lineDash = segments.length % 2 ? [...segments, ...segments] : [...segments];
  }
  getLineDash(): number[] {
    return [...this.state.lineDash];
  }
  get globalAlpha(): number {
    return this.state.globalAlpha;
  }
  set globalAlpha(value: number) {
    if (value >= 0 && value <= 1) this.state.globalAlpha = value;
  }
  get font(): string {
    return this.state.font;
  }
  set font(value: string) {
    this.state.font = value;
  }
  get textAlign(): CanvasTextAlign {
    return this.state.textAlign;
  }
  set textAlign(value: CanvasTextAlign) {
    this.state.textAlign = value;
  }
  get textBaseline(): CanvasTextBaseline {
    return this.state.textBaseline;
  }
  set textBaseline(value: CanvasTextBaseline) {
    this.state.textBaseline = value;
  }
  get direction(): CanvasDirection {
    return this.state.direction;
  }
  set direction(value: CanvasDirection) {
    this.state.direction = value;
  }
  // Accepted and ignored: the export keeps shapes and text, not effects.
  shadowBlur = 0;
  shadowColor = 'rgba(0, 0, 0, 0)';
  shadowOffsetX = 0;
  shadowOffsetY = 0;
  globalCompositeOperation: GlobalCompositeOperation = 'source-over';
  imageSmoothingEnabled = true;
  imageSmoothingQuality: ImageSmoothingQuality = 'low';
  filter = 'none';
  fontKerning: CanvasFontKerning = 'auto';
  letterSpacing = '0px';
  wordSpacing = '0px';
  textRendering: CanvasTextRendering = 'auto';
  getContextAttributes(): CanvasRenderingContext2DSettings {
    return { alpha: true, desynchronized: false, colorSpace: 'srgb', willReadFrequently: false };
  }

  // ---- transforms ----
  private apply(matrix: Matrix): void {
    this.state.matrix = multiply(this.state.matrix, matrix);
  }
  translate(x: number, y: number): void {
    this.apply([1, 0, 0, 1, x, y]);
  }
  scale(x: number, y: number): void {
    this.apply([x, 0, 0, y, 0, 0]);
  }
  rotate(angle: number): void {
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    this.apply([cos, sin, -sin, cos, 0, 0]);
  }
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.apply([a, b, c, d, e, f]);
  }
  setTransform(
    a?: number | DOMMatrix2DInit,
    b?: number,
    c?: number,
    d?: number,
    e?: number,
    f?: number,
  ): void {
    if (typeof a === 'number') this.state.matrix = [a, b!, c!, d!, e!, f!];
    else if (a) this.state.matrix = [a.a ?? 1, a.b ?? 0, a.c ?? 0, a.d ?? 1, a.e ?? 0, a.f ?? 0];
    else this.state.matrix = [...IDENTITY];
  }
  resetTransform(): void {
    this.state.matrix = [...IDENTITY];
  }
  getTransform(): DOMMatrix {
    const [a, b, c, d, e, f] = this.state.matrix;
    if (typeof DOMMatrix !== 'undefined') return new DOMMatrix([a, b, c, d, e, f]);
    return { a, b, c, d, e, f, is2D: true } as unknown as DOMMatrix;
  }

  // ---- paths (points stored transformed) ----
  private point(x: number, y: number): [number, number] {
    const m = this.state.matrix;
    return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  }
  private pt(p: [number, number]): string {
    return `${num(p[0])} ${num(p[1])}`;
  }
  beginPath(): void {
    this.path = [];
    this.start = null;
    this.current = null;
  }
  moveTo(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const p = this.point(x, y);
    this.path.push(`M${this.pt(p)}`);
    this.start = p;
    this.current = p;
  }
  lineTo(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (!this.current) return this.moveTo(x, y);
    const p = this.point(x, y);
    this.path.push(`L${this.pt(p)}`);
    this.current = p;
  }
  closePath(): void {
    if (!this.current) return;
    this.path.push('Z');
    this.current = this.start;
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
    if (!this.current) this.moveTo(c1x, c1y);
    const p = this.point(x, y);
    this.path.push(`C${this.pt(this.point(c1x, c1y))} ${this.pt(this.point(c2x, c2y))} ${this.pt(p)}`);
    this.current = p;
  }
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void {
    if (!this.current) this.moveTo(cx, cy);
    const p = this.point(x, y);
    this.path.push(`Q${this.pt(this.point(cx, cy))} ${this.pt(p)}`);
    this.current = p;
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.moveTo(x, y);
    this.lineTo(x + w, y);
    this.lineTo(x + w, y + h);
    this.lineTo(x, y + h);
    this.closePath();
    this.moveTo(x, y);
  }
  roundRect(
    x: number,
    y: number,
    w: number,
    h: number,
    radii: number | DOMPointInit | (number | DOMPointInit)[] = 0,
  ): void {
    const list = (Array.isArray(radii) ? radii : [radii]).map((r) =>
      typeof r === 'number' ? r : (r.x ?? 0),
    );
    const [tl, tr, br, bl] =
      list.length === 1
        ? [list[0]!, list[0]!, list[0]!, list[0]!]
        : list.length === 2
          ? [list[0]!, list[1]!, list[0]!, list[1]!]
          : list.length === 3
            ? [list[0]!, list[1]!, list[2]!, list[1]!]
            : [list[0]!, list[1]!, list[2]!, list[3]!];
    // Radii shrink together when they would not fit (as the canvas does).
    const fit = Math.min(
      1,
      Math.abs(w) / (tl + tr || 1),
      Math.abs(w) / (bl + br || 1),
      Math.abs(h) / (tl + bl || 1),
      Math.abs(h) / (tr + br || 1),
    );
    const [a, b, c, d] = [tl * fit, tr * fit, br * fit, bl * fit];
    this.moveTo(x + a, y);
    this.lineTo(x + w - b, y);
    if (b) this.ellipseSegment(x + w - b, y + b, b, b, -Math.PI / 2, 0);
    this.lineTo(x + w, y + h - c);
    if (c) this.ellipseSegment(x + w - c, y + h - c, c, c, 0, Math.PI / 2);
    this.lineTo(x + d, y + h);
    if (d) this.ellipseSegment(x + d, y + h - d, d, d, Math.PI / 2, Math.PI);
    this.lineTo(x, y + a);
    if (a) this.ellipseSegment(x + a, y + a, a, a, Math.PI, Math.PI * 1.5);
    this.closePath();
    this.moveTo(x, y);
  }
  arc(
    x: number,
    y: number,
    radius: number,
    startAngle: number,
    endAngle: number,
    counterclockwise = false,
  ): void {
    this.ellipse(x, y, radius, radius, 0, startAngle, endAngle, counterclockwise);
  }
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
    counterclockwise = false,
  ): void {
    if (rx < 0 || ry < 0) throw new DOMException('The radius provided is negative.', 'IndexSizeError');
    const full = Math.PI * 2;
    let sweep = endAngle - startAngle;
    if (!counterclockwise) {
      if (sweep >= full) sweep = full;
      else if (sweep < 0) sweep = (sweep % full) + full;
    } else {
      if (sweep <= -full) sweep = -full;
      else if (sweep > 0) sweep = (sweep % full) - full;
    }
    this.save();
    this.translate(x, y);
    this.rotate(rotation);
    const first = this.point(rx * Math.cos(startAngle), ry * Math.sin(startAngle));
    if (this.current) {
      const [dx, dy] = [first[0] - this.current[0], first[1] - this.current[1]];
      if (Math.abs(dx) > 1e-6 || Math.abs(dy) > 1e-6) this.path.push(`L${this.pt(first)}`);
    } else {
      this.path.push(`M${this.pt(first)}`);
      this.start = first;
    }
    this.current = first;
    // Béziers of at most a quarter turn each.
    const pieces = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / pieces;
    for (let i = 0; i < pieces; i += 1)
      this.ellipseSegment(0, 0, rx, ry, startAngle + i * step, startAngle + (i + 1) * step);
    this.restore();
  }
  /** One Bézier for an arc of at most 90° (the caller has put the pen at its start). */
  private ellipseSegment(cx: number, cy: number, rx: number, ry: number, from: number, to: number): void {
    const k = (4 / 3) * Math.tan((to - from) / 4);
    const [cos0, sin0, cos1, sin1] = [Math.cos(from), Math.sin(from), Math.cos(to), Math.sin(to)];
    const c1 = this.point(cx + rx * (cos0 - k * sin0), cy + ry * (sin0 + k * cos0));
    const c2 = this.point(cx + rx * (cos1 + k * sin1), cy + ry * (sin1 - k * cos1));
    const end = this.point(cx + rx * cos1, cy + ry * sin1);
    this.path.push(`C${this.pt(c1)} ${this.pt(c2)} ${this.pt(end)}`);
    this.current = end;
  }
  arcTo(x1: number, y1: number, x2: number, y2: number, radius: number): void {
    if (!this.current) this.moveTo(x1, y1);
    // The pen in user space (points are stored transformed).
    const inverse = invert(this.state.matrix);
    if (!inverse) return;
    const [px, py] = [
      inverse[0] * this.current![0] + inverse[2] * this.current![1] + inverse[4],
      inverse[1] * this.current![0] + inverse[3] * this.current![1] + inverse[5],
    ];
    const [v1x, v1y, v2x, v2y] = [px - x1, py - y1, x2 - x1, y2 - y1];
    const [l1, l2] = [Math.hypot(v1x, v1y), Math.hypot(v2x, v2y)];
    const cross = v1x * v2y - v1y * v2x;
    if (!radius || !l1 || !l2 || Math.abs(cross) < 1e-9) return this.lineTo(x1, y1);
    const angle = Math.acos(Math.max(-1, Math.min(1, (v1x * v2x + v1y * v2y) / (l1 * l2))));
    const tangent = radius / Math.tan(angle / 2);
    const [t1x, t1y] = [x1 + (v1x / l1) * tangent, y1 + (v1y / l1) * tangent];
    const [t2x, t2y] = [x1 + (v2x / l2) * tangent, y1 + (v2y / l2) * tangent];
    // The centre lies on the corner's bisector, radius / sin(angle / 2) away from the corner.
    const [bx, by] = [v1x / l1 + v2x / l2, v1y / l1 + v2y / l2];
    const bisector = Math.hypot(bx, by);
    const distance = radius / Math.sin(angle / 2);
    const [cx, cy] = [x1 + (bx / bisector) * distance, y1 + (by / bisector) * distance];
    const from = Math.atan2(t1y - cy, t1x - cx);
    const to = Math.atan2(t2y - cy, t2x - cx);
    this.lineTo(t1x, t1y);
    this.ellipse(cx, cy, radius, radius, 0, from, to, cross > 0);
  }

  // ---- painting ----
  /** Line width in page units: the transform's mean scale. */
  private scaleFactor(): number {
    const m = this.state.matrix;
    return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])) || 1;
  }

  private paint(style: Style, opacityAttribute: string): string {
    const alpha = this.state.globalAlpha;
    if (style instanceof RecordedGradient) {
      const id = this.gradient(style);
      return `="url(#${id})"${alpha < 1 ? ` ${opacityAttribute}="${num(alpha)}"` : ''}`;
    }
    if (typeof style !== 'string') {
      this.skippedImages += 1;
      return '="none"';
    }
    const color = parseColor(style);
    const opacity = color.opacity * alpha;
    return `="${escapeXml(color.value)}"${opacity < 1 ? ` ${opacityAttribute}="${num(opacity)}"` : ''}`;
  }

  private gradient(gradient: RecordedGradient): string {
    const id = `${this.idPrefix}-g${(this.nextId += 1)}`;
    const [a, b, c, d, e, f] = this.state.matrix;
    const transform = `gradientTransform="matrix(${[a, b, c, d, e, f].map(num).join(' ')})"`;
    const coords = gradient.coords.map(num);
    const head =
      gradient.kind === 'linear'
        ? `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" ${transform} x1="${coords[0]}" y1="${coords[1]}" x2="${coords[2]}" y2="${coords[3]}">`
        : `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" ${transform} fx="${coords[0]}" fy="${coords[1]}" fr="${coords[2]}" cx="${coords[3]}" cy="${coords[4]}" r="${coords[5]}">`;
    const stops = [...gradient.stops]
      .sort((x, y) => x.offset - y.offset)
      .map((stop) => {
        const color = parseColor(stop.color);
        return `<stop offset="${num(stop.offset)}" stop-color="${escapeXml(color.value === 'none' ? '#000' : color.value)}"${color.opacity < 1 ? ` stop-opacity="${num(color.opacity)}"` : ''}/>`;
      })
      .join('');
    this.defList.push(`${head}${stops}</${gradient.kind}Gradient>`);
    return id;
  }

  /** Puts an element in the body, inside the group of the clip in force. */
  private emit(element: string): void {
    const clip = this.state.clip;
    if (clip !== this.openClip) {
      if (this.openClip) this.body.push('</g>');
      if (clip) this.body.push(`<g clip-path="url(#${clip.id})">`);
      this.openClip = clip;
    }
    this.body.push(element);
  }

  private pathData(path?: Path2D | CanvasFillRule, ...rest: unknown[]): { d: string; rule: CanvasFillRule } {
    void rest;
    if (path && typeof path === 'object') {
      // A Path2D cannot be read back; none of the libraries we export uses them for drawing.
      return { d: '', rule: 'nonzero' };
    }
    return { d: this.path.join(''), rule: path ?? 'nonzero' };
  }

  fill(path?: Path2D | CanvasFillRule, fillRule?: CanvasFillRule): void {
    const { d, rule } = typeof path === 'object' ? this.pathData(path) : this.pathData(path ?? fillRule);
    if (!d) return;
    const ruleAttribute = rule === 'evenodd' ? ' fill-rule="evenodd"' : '';
    this.emit(`<path d="${d}" fill${this.paint(this.state.fillStyle, 'fill-opacity')}${ruleAttribute}/>`);
  }

  private strokeAttributes(): string {
    const s = this.state;
    const factor = this.scaleFactor();
    const parts = [
      `stroke${this.paint(s.strokeStyle, 'stroke-opacity')}`,
      `stroke-width="${num(s.lineWidth * factor)}"`,
    ];
    if (s.lineCap !== 'butt') parts.push(`stroke-linecap="${s.lineCap}"`);
    if (s.lineJoin !== 'miter') parts.push(`stroke-linejoin="${s.lineJoin}"`);
    else if (s.miterLimit !== 4) parts.push(`stroke-miterlimit="${num(s.miterLimit)}"`);
    if (s.lineDash.length) {
      parts.push(`stroke-dasharray="${s.lineDash.map((v) => num(v * factor)).join(' ')}"`);
      if (s.lineDashOffset) parts.push(`stroke-dashoffset="${num(s.lineDashOffset * factor)}"`);
    }
    return parts.join(' ');
  }

  stroke(path?: Path2D): void {
    const d = path ? '' : this.path.join('');
    if (!d) return;
    this.emit(`<path d="${d}" fill="none" ${this.strokeAttributes()}/>`);
  }

  clip(path?: Path2D | CanvasFillRule, fillRule?: CanvasFillRule): void {
    const { d, rule } = typeof path === 'object' ? this.pathData(path) : this.pathData(path ?? fillRule);
    const id = `${this.idPrefix}-c${(this.nextId += 1)}`;
    const parent = this.state.clip;
    const ruleAttribute = rule === 'evenodd' ? ' clip-rule="evenodd"' : '';
    this.defList.push(
      `<clipPath id="${id}"${parent ? ` clip-path="url(#${parent.id})"` : ''}><path d="${d || 'M0 0'}"${ruleAttribute}/></clipPath>`,
    );
    this.state.clip = { id };
  }

  private rectPath(x: number, y: number, w: number, h: number): string {
    const corners = [this.point(x, y), this.point(x + w, y), this.point(x + w, y + h), this.point(x, y + h)];
    return `M${corners.map((p) => this.pt(p)).join('L')}Z`;
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    if (!w || !h) return;
    this.emit(
      `<path d="${this.rectPath(x, y, w, h)}" fill${this.paint(this.state.fillStyle, 'fill-opacity')}/>`,
    );
  }
  strokeRect(x: number, y: number, w: number, h: number): void {
    this.emit(`<path d="${this.rectPath(x, y, w, h)}" fill="none" ${this.strokeAttributes()}/>`);
  }
  /**
   * Clearing is a no-op on a blank sheet: libraries clear before they draw. Clearing over earlier
   * drawing would need a mask; painting white instead would hide what is under a transparent file.
   */
  clearRect(x: number, y: number, w: number, h: number): void {
    void [x, y, w, h];
  }

  // ---- text ----
  measureText(text: string): TextMetrics {
    if (this.measurer) {
      this.measurer.font = this.state.font;
      this.measurer.textAlign = this.state.textAlign;
      this.measurer.textBaseline = this.state.textBaseline;
      this.measurer.direction = this.state.direction;
      return this.measurer.measureText(text);
    }
    const size = parseFont(this.state.font).size;
    const width = text.length * size * 0.55;
    return {
      width,
      actualBoundingBoxLeft: 0,
      actualBoundingBoxRight: width,
      actualBoundingBoxAscent: size * 0.8,
      actualBoundingBoxDescent: size * 0.2,
      fontBoundingBoxAscent: size * 0.9,
      fontBoundingBoxDescent: size * 0.25,
      emHeightAscent: size * 0.8,
      emHeightDescent: size * 0.2,
      alphabeticBaseline: 0,
      hangingBaseline: size * 0.8,
      ideographicBaseline: -size * 0.2,
    } as TextMetrics;
  }

  /**
   * The shift from the canvas baseline (`textBaseline`) to the alphabetic one, which every SVG
   * reader agrees on (dominant-baseline support varies, PDF converters ignore it).
   */
  private baselineShift(text: string): number {
    const baseline = this.state.textBaseline;
    if (baseline === 'alphabetic') return 0;
    const metrics = this.measureText(text);
    // alphabeticBaseline: distance from the textBaseline line down to the alphabetic baseline,
    // negated (the spec measures it upwards).
    if (this.measurer) return -metrics.alphabeticBaseline;
    const size = parseFont(this.state.font).size;
    return { top: 0.8, hanging: 0.8, middle: 0.3, ideographic: -0.2, bottom: -0.2 }[baseline] * size;
  }

  private text(
    text: string,
    x: number,
    y: number,
    maxWidth: number | undefined,
    mode: 'fill' | 'stroke',
  ): void {
    if (!text || !Number.isFinite(x) || !Number.isFinite(y)) return;
    const s = this.state;
    const font = parseFont(s.font);
    const rtl = s.direction === 'rtl';
    const align = s.textAlign;
    const anchor =
      align === 'center'
        ? 'middle'
        : align === 'right' || (align === 'end' && !rtl) || (align === 'start' && rtl)
          ? 'end'
          : 'start';
    const [a, b, c, d, e, f] = s.matrix;
    const width = this.measureText(text).width;
    const squeeze =
      maxWidth !== undefined && maxWidth > 0 && width > maxWidth
        ? ` textLength="${num(maxWidth)}" lengthAdjust="spacingAndGlyphs"`
        : '';
    const paint =
      mode === 'fill'
        ? `fill${this.paint(s.fillStyle, 'fill-opacity')}`
        : `fill="none" ${this.strokeAttributes().replace(/stroke-width="[^"]*"/, `stroke-width="${num(s.lineWidth)}"`)}`;
    const fontAttributes = [
      `font-family="${escapeXml(font.family)}"`,
      `font-size="${num(font.size)}"`,
      font.weight !== 'normal' ? `font-weight="${font.weight}"` : '',
      font.style !== 'normal' ? `font-style="${font.style}"` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const transform =
      a === 1 && b === 0 && c === 0 && d === 1 && e === 0 && f === 0
        ? ''
        : ` transform="matrix(${[a, b, c, d, e, f].map(num).join(' ')})"`;
    this.emit(
      `<text x="${num(x)}" y="${num(y + this.baselineShift(text))}"${transform} ${fontAttributes}${anchor !== 'start' ? ` text-anchor="${anchor}"` : ''}${squeeze} ${paint} xml:space="preserve">${escapeXml(text)}</text>`,
    );
  }
  fillText(text: string, x: number, y: number, maxWidth?: number): void {
    this.text(String(text), x, y, maxWidth, 'fill');
  }
  strokeText(text: string, x: number, y: number, maxWidth?: number): void {
    this.text(String(text), x, y, maxWidth, 'stroke');
  }

  // ---- gradients, pictures ----
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradient {
    return new RecordedGradient('linear', [x0, y0, x1, y1]) as unknown as CanvasGradient;
  }
  createRadialGradient(
    x0: number,
    y0: number,
    r0: number,
    x1: number,
    y1: number,
    r1: number,
  ): CanvasGradient {
    return new RecordedGradient('radial', [x0, y0, r0, x1, y1, r1]) as unknown as CanvasGradient;
  }
  createConicGradient(): CanvasGradient {
    // No SVG counterpart: painted as nothing, counted like a picture.
    return { addColorStop() {} } as unknown as CanvasGradient;
  }
  createPattern(): CanvasPattern | null {
    return null;
  }
  drawImage(): void {
    this.skippedImages += 1;
  }
  putImageData(): void {
    this.skippedImages += 1;
  }
  createImageData(width: number, height: number): ImageData {
    return { width, height, data: new Uint8ClampedArray(width * height * 4) } as unknown as ImageData;
  }
  getImageData(x: number, y: number, width: number, height: number): ImageData {
    return this.createImageData(width, height);
  }
  isPointInPath(): boolean {
    return false;
  }
  isPointInStroke(): boolean {
    return false;
  }
  drawFocusIfNeeded(): void {}

  /** The recorded drawing: elements in page coordinates (no `<svg>` around it). */
  toSvgBody(): string {
    return this.body.join('') + (this.openClip ? '</g>' : '');
  }
  defs(): string {
    return this.defList.join('');
  }
}
