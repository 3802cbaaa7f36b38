'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Download } from '@/components/ui/icons';
import { apiUrl } from '@/lib/api-client';

/** The export's address for a month (GET /api/admin/invoices/{YYYY-MM}.zip). */
const invoiceExportUrl = (month: string) => apiUrl('/api/admin/invoices/{month}.zip', { params: { month } });

export interface InvoiceExportMonth {
  /** YYYY-MM */
  month: string;
  invoices: number;
}

/**
 * Issue 27 item 4: a month and the link to its zip of FA(3) invoices for the accounting office. The link
 * works before the page hydrates (it points at the first month offered); choosing a month only changes it.
 */
export function InvoiceExport({ months }: { months: InvoiceExportMonth[] }) {
  const t = useTranslations('admin_invoices.picker');
  const format = useFormatter();
  const id = useId();
  const [month, setMonth] = useState(months[0]?.month ?? '');
  const monthName = (value: string) => {
    const [year, m] = value.split('-').map(Number);
    // The middle of the month in UTC names the same month in every time zone.
    return format.dateTime(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 15)), {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {t('month_label')}
        </label>
        <select
          id={id}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          className="h-11 max-w-full rounded-lg border border-slate-300 bg-white px-3"
        >
          {months.map((m) => (
            <option key={m.month} value={m.month}>
              {t('month_option', { month: monthName(m.month), count: m.invoices })}
            </option>
          ))}
        </select>
      </div>
      <a href={invoiceExportUrl(month)} download className={buttonClass()}>
        <Download aria-hidden size={18} />
        {t('download')}
      </a>
    </div>
  );
}
