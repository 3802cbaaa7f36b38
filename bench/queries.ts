// The searches the benchmark measures, shared by `bench` (over HTTP) and `bench:explain` (plans).
const day = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const in30 = new Date(today.getTime() + 30 * 86_400_000);

export const benchSearches = {
  'text + city + category + dates + prices': `search=koncert&localization=Krak%C3%B3w&category_id=1&date_from=${day(today)}&date_end=${day(in30)}&price_min=10&price_max=200`,
  'distance 25 km, order closest': 'lat=52.2297&lng=21.0122&max_distance=25&order_by=closest',
  'nearby 20, closest first (home page, no radius)': 'lat=50.0614&lng=19.9366&limit=20&order_by=closest',
  'text only, broad': 'search=koncert',
  // Issue 15's two rows: a different upper price on every request.
  'first page of 12, upper price': 'per_page=12&price_max=200',
  'text koncert, upper price': 'search=koncert&price_max=200',
  'no filters (first page of /list)': '',
  // Issue 17: a date range also looks at the dates of series (an EXISTS on event_occurrences).
  'dates only, the next 7 days': `date_from=${day(today)}&date_end=${day(new Date(today.getTime() + 7 * 86_400_000))}`,
} as const;
