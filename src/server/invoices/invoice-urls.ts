/** Where an invoice's PDF is fetched (src/api/routes/invoices.ts), relative to the site like media addresses. */
export const invoicePdfPath = (invoiceId: number) => `/api/invoice/${invoiceId}.pdf`;
