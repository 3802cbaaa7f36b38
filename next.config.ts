import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    // Messages compiled at build time: the ICU parser (about 12 KB gzip) stays out of every page.
    messages: { format: 'json', path: './src/i18n/messages', locales: 'infer', precompile: true },
  },
});

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Build tooling, not the app: lets parallel builds (several checkouts' tests) use separate folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled; so does pdfkit
  // (its font metrics), which the mail sender uses for invoices' PDFs.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pino', 'pdfkit'],
  images: { unoptimized: true },
  turbopack: { root: import.meta.dirname },
  // forbidden(): the admin area answers signed-in non-admins with a real 403 page.
  experimental: { authInterrupts: true },
};

export default withNextIntl(nextConfig);
