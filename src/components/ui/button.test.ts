import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Button, type ButtonVariant, buttonClass } from './button';

const classes = (value: string) => value.split(' ');

// The looks live in the style sheet; a look without its rule would be an unstyled button.
const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../app/globals.css'), 'utf8');
const rule = (name: string) =>
  css.match(new RegExp(`\\.${name} \\{\\s*@apply ([^;]+);`))?.[1]?.split(' ') ?? [];
const looks: ButtonVariant[] = ['primary', 'accent', 'secondary', 'outline', 'danger', 'danger-outline'];

describe('buttonClass', () => {
  it('names a style-sheet rule for every look, on a base that keeps the 44 px touch target', () => {
    expect(rule('btn')).toContain('min-h-11');
    for (const variant of looks) {
      const names = classes(buttonClass({ variant }));
      expect(names).toEqual(['btn', `btn-${variant}`]);
      expect(rule(`btn-${variant}`).length, variant).toBeGreaterThan(0);
    }
    expect(classes(buttonClass({ size: 'compact' }))).toContain('btn-compact');
    expect(rule('btn-compact')).toContain('text-sm');
  });

  it('is primary and content-wide unless told otherwise, and adds the layout classes it is given', () => {
    expect(classes(buttonClass())).toContain('btn-primary');
    expect(classes(buttonClass())).not.toContain('w-full');
    expect(classes(buttonClass({ fullWidth: true, className: 'mt-4' }))).toEqual(
      expect.arrayContaining(['w-full', 'mt-4']),
    );
  });
});

describe('Button', () => {
  it('is a plain button unless it submits, and passes the other props through', () => {
    const element = Button({ children: 'OK', 'aria-label': 'Confirm' }) as { props: Record<string, unknown> };
    expect(element.props.type).toBe('button');
    expect(element.props['aria-label']).toBe('Confirm');
    const submit = Button({ type: 'submit', disabled: true }) as { props: Record<string, unknown> };
    expect(submit.props).toMatchObject({ type: 'submit', disabled: true });
  });
});
