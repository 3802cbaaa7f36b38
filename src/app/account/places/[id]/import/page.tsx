import { notFound } from 'next/navigation';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { ImportManager, type ShownImport } from '@/components/imports/import-manager';
import { PageCard } from '@/components/layout/page-card';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { titled } from '@/i18n/page-title';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import type { AuthUser } from '@/server/auth/access-tokens';
import { listCategories } from '@/server/categories/list-categories';
import { listImports } from '@/server/imports/list-imports';
import { orNotFound } from '@/web/not-found';
import { getPageCompany } from '@/web/page-user';

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = titled('import.title');

// Another company's place answers like a missing one, as on the place's edit page.
async function loadImports(actor: AuthUser, rawId: string) {
  const placeId = Number(rawId);
  if (!Number.isSafeInteger(placeId) || placeId <= 0) notFound();
  return { placeId, imports: await orNotFound(listImports({ actor, placeId }), ['not_found', 'forbidden']) };
}

/** Issue 17: a company's calendar imports for one of its places, with what each run did and why. */
export default async function PlaceImportPage({ params }: Props) {
  const { id } = await params;
  const user = await getPageCompany(`/account/places/${id}/import`);
  const t = await getTranslations();
  if (!user) return <OrganisersOnly title={t('import.title')} />;
  const locale = (await getLocale()) as Locale;
  const format = await getFormatter();
  const [{ placeId, imports }, categories] = await Promise.all([
    loadImports(user, id),
    listCategories({ locale }),
  ]);
  // The report's reasons are message keys; they are worded here so the client carries no validation texts.
  const shown: ShownImport[] = imports.map((i) => ({
    id: i.id,
    source: i.url ?? t('import.uploaded_file'),
    isFile: i.url === null,
    lastRun: i.lastRunAt
      ? t('import.last_run', {
          at: format.dateTime(i.lastRunAt, { dateStyle: 'medium', timeStyle: 'short' }),
        })
      : t('import.never_run'),
    status: i.lastStatus
      ? translate(locale, i.lastStatus === 'ok' ? 'import.status.ok' : i.lastStatus)
      : null,
    counts: t('import.counts', {
      created: i.created,
      updated: i.updated,
      skipped: i.skipped,
      failed: i.failed,
    }),
    report: i.report.map((r) => ({
      uid: r.uid,
      name: r.name ?? r.uid,
      outcome: t(`import.outcome.${r.outcome}`),
      reason: [
        r.reason ? translate(locale, r.reason) : '',
        ...Object.entries(r.fields ?? {}).map(([field, key]) => `${field}: ${translate(locale, key)}`),
      ]
        .filter(Boolean)
        .join('; '),
    })),
  }));
  return (
    <PageCard title={t('import.title')} wide>
      <ImportManager
        placeId={placeId}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        imports={shown}
      />
    </PageCard>
  );
}
