/**
 * The portal's logo as vector drawing (SPEC §9: the watermark logo is 185×40). Drawn with canvas
 * calls only, so the same call paints the on-screen watermark and, replayed through the export
 * module's recording context, lands in SVG and PDF as paths and live text (no picture inside).
 */
export const LOGO_WIDTH = 185;
export const LOGO_HEIGHT = 40;

const BRAND_BLUE = '#1f5fbf';
const WORDMARK = 'fin-elements';

/** Draws the logo with its top-left corner at (x, y), `alpha` for a watermark over a drawing. */
export function drawLogo(ctx: CanvasRenderingContext2D, x: number, y: number, alpha = 1): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, y);
  // The mark: a rounded square with a rising price line.
  ctx.fillStyle = BRAND_BLUE;
  ctx.beginPath();
  ctx.moveTo(6, 0);
  ctx.lineTo(34, 0);
  ctx.quadraticCurveTo(40, 0, 40, 6);
  ctx.lineTo(40, 34);
  ctx.quadraticCurveTo(40, 40, 34, 40);
  ctx.lineTo(6, 40);
  ctx.quadraticCurveTo(0, 40, 0, 34);
  ctx.lineTo(0, 6);
  ctx.quadraticCurveTo(0, 0, 6, 0);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 3.5;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(8, 29);
  ctx.lineTo(16, 20);
  ctx.lineTo(23, 25);
  ctx.lineTo(32, 11);
  ctx.stroke();
  // The wordmark, in the family every export embeds (Roboto, falling back on the system sans).
  ctx.fillStyle = BRAND_BLUE;
  ctx.font = 'bold 22px Roboto, Arial, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(WORDMARK, 48, 21, LOGO_WIDTH - 48);
  ctx.restore();
}
