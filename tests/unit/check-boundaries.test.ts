import { describe, expect, it } from 'vitest';
import { checkSource } from '../../scripts/check-boundaries';

const rulesOf = (text: string, component = true) => checkSource('x.tsx', text, component).map((f) => f.rule);

describe('the house rules the lint step checks (issue 35)', () => {
  it('refuses a value import of domain code in a component, and lets types cross', () => {
    expect(
      rulesOf("import { listNotifications } from '@/server/notifications/list-notifications';"),
    ).toHaveLength(1);
    expect(rulesOf("import { type Ticket, tickets } from '@/server/registrations/tickets';")).toHaveLength(1);
    expect(rulesOf("import * as stats from '@/server/stats/company-stats';")).toHaveLength(1);
    expect(rulesOf("export { feedLinks } from '@/server/feeds/feed-urls';")).toHaveLength(1);
    expect(rulesOf("const m = await import('@/server/feeds/feed-urls');")).toHaveLength(1);
    expect(rulesOf("import type { Ticket } from '@/server/registrations/tickets';")).toEqual([]);
    expect(rulesOf("import { type Ticket } from '@/server/registrations/tickets';")).toEqual([]);
    // Pages and layouts load data: only components are held to it.
    expect(
      rulesOf("import { listNotifications } from '@/server/notifications/list-notifications';", false),
    ).toEqual([]);
  });

  it('refuses console anywhere in src', () => {
    expect(rulesOf("console.error('x', error);", false)).toHaveLength(1);
    expect(rulesOf('const say = console.log;', false)).toHaveLength(1);
    expect(rulesOf("logger.error({ err: error }, 'x');", false)).toEqual([]);
  });

  it('refuses a number in a component maxLength, and takes a named limit', () => {
    expect(rulesOf('const f = <input maxLength={200} />;')).toHaveLength(1);
    expect(rulesOf('const f = <input maxLength="200" />;')).toHaveLength(1);
    expect(rulesOf('const f = <input maxLength={textMax.name} />;')).toEqual([]);
  });
});
