// The split itself lives in src/lib (pages' links need it too, to leave the API's addresses unprefixed).
export { routesToApi } from '@/lib/api-routing';
