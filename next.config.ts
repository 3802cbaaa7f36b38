import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Build tooling, not the app: lets parallel builds (several checkouts' tests) use separate folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pino'],
  images: { unoptimized: true },
  turbopack: { root: import.meta.dirname },
};

export default withNextIntl(nextConfig);
