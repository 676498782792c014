import { describe, expect, it } from 'vitest';
import { drawingToSvg, safeFileName } from './export.ts';
import { escapeXml, parseColor, parseFont, SvgRecorder } from './svg-context.ts';

/** Records `draw` and gives the markup (body) and the definitions. */
function record(draw: (ctx: CanvasRenderingContext2D) => void) {
  const recorder = new SvgRecorder(200, 100, 't');
  draw(recorder.asContext());
  return { body: recorder.toSvgBody(), defs: recorder.defs(), recorder };
}

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('the recording context', () => {
  it('writes a filled path in page coordinates, with colour and opacity', () => {
    const { body } = record((ctx) => {
      ctx.fillStyle = 'rgba(255, 0, 0, 0.5)';
      ctx.beginPath();
      ctx.moveTo(1, 2);
      ctx.lineTo(3, 4);
      ctx.closePath();
      ctx.fill();
    });
    expect(body).toBe('<path d="M1 2L3 4Z" fill="rgb(255,0,0)" fill-opacity="0.5"/>');
  });

  it('applies the transform to the points when they are added (as the canvas does)', () => {
    const { body } = record((ctx) => {
      ctx.translate(10, 20);
      ctx.scale(2, 2);
      ctx.beginPath();
      ctx.moveTo(1, 1);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.lineTo(5, 5);
      ctx.stroke();
    });
    // The first point under translate+scale, the second under the identity; the stroke width
    // under the transform in force at stroke time.
    expect(body).toBe(
      '<path d="M12 22L5 5" fill="none" stroke="#000000" stroke-width="1" stroke-miterlimit="10"/>',
    );
  });

  it('restores the transform and the styles that save() kept', () => {
    const { body } = record((ctx) => {
      ctx.save();
      ctx.translate(50, 0);
      ctx.fillStyle = '#00ff00';
      ctx.restore();
      ctx.fillRect(0, 0, 10, 10);
    });
    expect(body).toBe('<path d="M0 0L10 0L10 10L0 10Z" fill="#000000"/>');
  });

  it('scales line width and dashes with the transform, and writes caps, joins and dashes', () => {
    const { body } = record((ctx) => {
      ctx.scale(2, 2);
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'bevel';
      ctx.setLineDash([4, 2]);
      ctx.strokeStyle = '#123456';
      ctx.strokeRect(0, 0, 5, 5);
    });
    expect(body).toContain('stroke="#123456"');
    expect(body).toContain('stroke-width="6"');
    expect(body).toContain('stroke-linecap="round"');
    expect(body).toContain('stroke-linejoin="bevel"');
    expect(body).toContain('stroke-dasharray="8 4"');
  });

  it('turns a full arc into Béziers that pass through the circle', () => {
    const { body } = record((ctx) => {
      ctx.beginPath();
      ctx.arc(50, 50, 10, 0, Math.PI * 2);
      ctx.fill();
    });
    expect(body).toMatch(/^<path d="M60 50C/);
    expect(body.match(/C/g)).toHaveLength(4);
    expect(body).toContain(' 40 50C'); // the leftmost point, half-way round
  });

  it('draws ellipses, rounded rectangles, arcTo corners and quadratic curves', () => {
    const { body } = record((ctx) => {
      ctx.beginPath();
      ctx.ellipse(20, 20, 10, 5, 0, 0, Math.PI);
      ctx.fill();
      ctx.beginPath();
      ctx.roundRect(0, 0, 20, 10, 4);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.arcTo(10, 0, 10, 10, 5);
      ctx.quadraticCurveTo(10, 20, 0, 20);
      ctx.bezierCurveTo(0, 30, 5, 30, 5, 40);
      ctx.stroke();
    });
    const paths = body.split('<path').slice(1);
    expect(paths).toHaveLength(3);
    expect(paths[0]).toMatch(/d="M30 20C.* 10 20"/);
    expect(paths[1]!.match(/C/g)).toHaveLength(4);
    // arcTo: a line to the first tangent point, a quarter circle round the corner (centre 5,5).
    expect(paths[2]).toContain('d="M0 0L5 0C7.761 0 10 2.239 10 5Q10 20 0 20C0 30 5 30 5 40"');
  });

  it('keeps the fill rule', () => {
    const { body } = record((ctx) => {
      ctx.rect(0, 0, 10, 10);
      ctx.fill('evenodd');
    });
    expect(body).toContain('fill-rule="evenodd"');
  });

  it('clips what follows into a group, nested clips inside the one before, restore ends it', () => {
    const { body, defs } = record((ctx) => {
      ctx.save();
      ctx.rect(0, 0, 50, 50);
      ctx.clip();
      ctx.beginPath();
      ctx.rect(10, 10, 50, 50);
      ctx.clip('evenodd');
      ctx.fillRect(0, 0, 100, 100);
      ctx.restore();
      ctx.fillRect(1, 1, 2, 2);
    });
    expect(defs).toContain('<clipPath id="t-c1"><path d="M0 0L50 0L50 50L0 50ZM0 0"/></clipPath>');
    expect(defs).toContain('<clipPath id="t-c2" clip-path="url(#t-c1)">');
    expect(defs).toContain('clip-rule="evenodd"');
    expect(body).toBe(
      '<g clip-path="url(#t-c2)"><path d="M0 0L100 0L100 100L0 100Z" fill="#000000"/></g><path d="M1 1L3 1L3 3L1 3Z" fill="#000000"/>',
    );
  });

  it('writes text as live, escaped <text> with the font named, its alignment and transform', () => {
    const { body } = record((ctx) => {
      ctx.translate(5, 6);
      ctx.font = 'italic bold 14px "Noto Sans", sans-serif';
      ctx.textAlign = 'center';
      ctx.fillStyle = '#336699';
      ctx.fillText('<script>alert("x")</script> & Ünal', 10, 20);
      ctx.textAlign = 'right';
      ctx.strokeText('Газпром', 0, 0);
    });
    const doc = parse(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
    const texts = [...doc.querySelectorAll('text')];
    expect(texts.map((t) => t.textContent)).toEqual(['<script>alert("x")</script> & Ünal', 'Газпром']);
    expect(doc.querySelector('script')).toBeNull();
    expect(texts[0]!.getAttribute('font-family')).toBe('"Noto Sans", sans-serif');
    expect(texts[0]!.getAttribute('font-size')).toBe('14');
    expect(texts[0]!.getAttribute('font-weight')).toBe('bold');
    expect(texts[0]!.getAttribute('font-style')).toBe('italic');
    expect(texts[0]!.getAttribute('text-anchor')).toBe('middle');
    expect(texts[0]!.getAttribute('transform')).toBe('matrix(1 0 0 1 5 6)');
    expect(texts[0]!.getAttribute('fill')).toBe('#336699');
    expect(texts[1]!.getAttribute('text-anchor')).toBe('end');
    expect(texts[1]!.getAttribute('fill')).toBe('none');
  });

  it('writes gradients in user space under the transform of the fill, and uses them', () => {
    const { body, defs } = record((ctx) => {
      const linear = ctx.createLinearGradient(0, 0, 100, 0);
      linear.addColorStop(1, 'rgba(0,0,255,0.25)');
      linear.addColorStop(0, '#ff0000');
      ctx.scale(2, 1);
      ctx.fillStyle = linear;
      ctx.fillRect(0, 0, 10, 10);
      const radial = ctx.createRadialGradient(5, 5, 0, 5, 5, 10);
      radial.addColorStop(0, 'white');
      ctx.strokeStyle = radial;
      ctx.strokeRect(0, 0, 10, 10);
    });
    expect(defs).toContain(
      '<linearGradient id="t-g1" gradientUnits="userSpaceOnUse" gradientTransform="matrix(2 0 0 1 0 0)" x1="0" y1="0" x2="100" y2="0"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="rgb(0,0,255)" stop-opacity="0.25"/></linearGradient>',
    );
    expect(defs).toContain('<radialGradient id="t-g2"');
    expect(body).toContain('fill="url(#t-g1)"');
    expect(body).toContain('stroke="url(#t-g2)"');
  });

  it('multiplies the global alpha into fills', () => {
    const { body } = record((ctx) => {
      ctx.globalAlpha = 0.5;
      ctx.fillStyle = 'rgba(0,0,0,0.5)';
      ctx.fillRect(0, 0, 1, 1);
    });
    expect(body).toContain('fill-opacity="0.25"');
  });

  it('leaves pictures out and counts them', () => {
    const { body, recorder } = record((ctx) => {
      ctx.drawImage(document.createElement('canvas'), 0, 0);
    });
    expect(body).toBe('');
    expect(recorder.skippedImages).toBe(1);
  });

  it('gives back the transform it holds', () => {
    record((ctx) => {
      ctx.translate(3, 4);
      ctx.rotate(Math.PI / 2);
      const m = ctx.getTransform();
      expect([m.a, m.b, m.c, m.d, m.e, m.f].map((v) => Math.round(v))).toEqual([0, 1, -1, 0, 3, 4]);
    });
  });
});

describe('the SVG document', () => {
  it('is valid XML with a viewBox, the fonts named, the title escaped, and nothing active in it', () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const svg = drawingToSvg(
      {
        width: 120.5,
        height: 80,
        draw(ctx) {
          ctx.font = '12px Roboto';
          ctx.fillText(hostile, 0, 10);
        },
      },
      hostile,
    );
    const doc = parse(svg);
    expect(doc.querySelector('parsererror')).toBeNull();
    const root = doc.documentElement;
    expect(root.getAttribute('viewBox')).toBe('0 0 121 80');
    expect(root.getAttribute('font-family')).toContain('Roboto');
    expect(doc.querySelector('title')!.textContent).toBe(hostile);
    expect(doc.querySelector('text')!.textContent).toBe(hostile);
    expect(doc.querySelectorAll('script, img, image, foreignObject')).toHaveLength(0);
    const attributes = [...doc.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((a) => a.name),
    );
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
  });
});

describe('helpers', () => {
  it('parses colours and fonts, escapes XML', () => {
    expect(parseColor('#ff000080')).toEqual({ value: '#ff0000', opacity: 128 / 255 });
    expect(parseColor('rgb(1 2 3 / 50%)')).toEqual({ value: 'rgb(1,2,3)', opacity: 0.5 });
    expect(parseColor('url(javascript:x)')).toEqual({ value: 'none', opacity: 0 });
    expect(parseFont('bold 12px/1.5 Arial')).toEqual({
      style: 'normal',
      weight: 'bold',
      size: 12,
      family: 'Arial',
    });
    expect(escapeXml(`<a b="c">&'\u0001`)).toBe('&lt;a b=&quot;c&quot;&gt;&amp;&apos;');
  });

  it('keeps path characters out of file names', () => {
    expect(safeFileName('../etc/passwd', 'svg')).toBe('_etc_passwd.svg');
    expect(safeFileName('Сбербанк: связи', 'pdf')).toBe('Сбербанк_ связи.pdf');
    expect(safeFileName('..', 'png')).toBe('export.png');
  });
});
