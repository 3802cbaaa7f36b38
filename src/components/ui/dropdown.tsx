'use client';

import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A <details> dropdown (top-bar menus) that behaves like one: Escape closes it and gives focus back to
 * its <summary>, the control that opened it; a click or tap outside closes it.
 */
export function useDropdown() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);
  return ref;
}

/** `useDropdown` for a server component's menu. */
export function Dropdown({ className, children }: { className: string; children: ReactNode }) {
  const ref = useDropdown();
  return (
    <details ref={ref} className={className}>
      {children}
    </details>
  );
}
