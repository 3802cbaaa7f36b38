import type { Locator } from 'playwright-core';

/**
 * The contrast (WCAG 2.x) of the element's text colour and of its icon's against what is drawn behind
 * it: its own background or, where that is transparent, the first ancestor's that is not (translucent
 * layers blended over what lies below). Colours are read through a canvas, which speaks every CSS colour
 * syntax (Tailwind's palette is oklch).
 */
export function contrastOf(locator: Locator): Promise<{ text: number; icon: number; colours: string }> {
  return locator.evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return { rgb: [r, g, b], a: a / 255 };
    };
    const blend = (top: { rgb: number[]; a: number }, under: number[]) =>
      top.rgb.map((c, i) => c * top.a + (under[i] ?? 255) * (1 - top.a));
    const layers: { rgb: number[]; a: number }[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer.a > 0) layers.push(layer);
      if (layer.a >= 1) break;
    }
    const background = layers.reduceRight<number[]>((under, layer) => blend(layer, under), [255, 255, 255]);
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (css: string) => {
      const fg = blend(rgba(css), background);
      const [hi, lo] = [luminance(fg), luminance(background)].sort((x, y) => y - x);
      return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
    };
    const text = getComputedStyle(el).color;
    const svg = el.querySelector('svg');
    const icon = svg ? getComputedStyle(svg).color : text;
    return {
      text: ratio(text),
      icon: ratio(icon),
      colours: `${text} / icon ${icon} on rgb(${background.map(Math.round).join(', ')})`,
    };
  });
}
