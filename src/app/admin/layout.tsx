import type { Metadata } from 'next';
import { AdminNav } from '@/components/admin/admin-nav';
import { requireAdminPage } from '@/web/admin-page';

// The admin area is for the operator only: search engines keep out.
export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Issue 14: the admin area's frame; every page under it checks the admin again itself. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdminPage();
  return (
    <>
      <AdminNav />
      {children}
    </>
  );
}
