import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Db } from '../db/connection';
import { LANGUAGES, type LanguageKey } from '../known-ids';
import { dateInLanguage, formatChf, languageKeyOf } from './mail';
import type { OrderRow } from './order';
import { labelWithOptions } from './line-item-options';
import { paymentSlipOf, qrBillData } from './payment-slip';
import { billingCompany } from './shop-settings';

// The invoice PDF of an order (document type invoice), rendered with PDFKit when it is downloaded: the
// operating company as sender (system_config), the document row's number and date, the order's lines, VAT per
// rate and totals, the due date (SPEC §9: payable within 10 days) and, while it is unpaid by transfer, the Swiss
// QR-bill's payment part drawn by swissqrbill (issue 19).

export interface DocumentRow {
  id: string;
  order_id: string;
  type: string;
  document_number: string;
  deep_link_code: string;
  created_at: string;
}

/** SPEC §9 Invoice: payable in 10 days. */
export const INVOICE_PAYMENT_DAYS = 10;

type InvoiceKey =
  | 'invoice' | 'number' | 'date' | 'order' | 'customer' | 'quantity' | 'item' | 'unit' | 'vat' | 'total'
  | 'positions' | 'shipping' | 'grand' | 'net' | 'vatOf' | 'terms' | 'paid' | 'due' | 'vatId' | 'pickup' | 'pickupAt';

const TEXT: Record<LanguageKey, Record<InvoiceKey, string>> = {
  de: {
    invoice: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    order: 'Bestellnummer',
    customer: 'Kundennummer',
    quantity: 'Menge',
    item: 'Artikel',
    unit: 'Einzelpreis',
    vat: 'MwSt.',
    total: 'Total',
    positions: 'Zwischensumme',
    shipping: 'Versandkosten',
    pickup: 'Abholung in der Apotheke',
    pickupAt: 'Abholung in',
    grand: 'Gesamtbetrag inkl. MwSt.',
    net: 'Nettobetrag',
    vatOf: 'MwSt. {rate} % auf {base}',
    terms: `Zahlbar innert ${INVOICE_PAYMENT_DAYS} Tagen ohne Abzug, bis {date}.`,
    due: 'Zahlbar bis',
    vatId: 'MWST-Nr.',
    paid: 'Vielen Dank für Ihre Bestellung.',
  },
  it: {
    invoice: 'Fattura',
    number: 'Numero fattura',
    date: 'Data fattura',
    order: 'Numero ordine',
    customer: 'Numero cliente',
    quantity: 'Quantità',
    item: 'Articolo',
    unit: 'Prezzo unitario',
    vat: 'IVA',
    total: 'Totale',
    positions: 'Subtotale',
    shipping: 'Spese di spedizione',
    pickup: 'Ritiro in farmacia',
    pickupAt: 'Ritiro presso',
    grand: 'Totale IVA incl.',
    net: 'Importo netto',
    vatOf: 'IVA {rate} % su {base}',
    terms: `Pagabile entro ${INVOICE_PAYMENT_DAYS} giorni senza deduzioni, entro il {date}.`,
    due: 'Pagabile entro il',
    vatId: 'N. IVA',
    paid: 'Grazie per il vostro ordine.',
  },
  fr: {
    invoice: 'Facture',
    number: 'Numéro de facture',
    date: 'Date de facture',
    order: 'Numéro de commande',
    customer: 'Numéro de client',
    quantity: 'Quantité',
    item: 'Article',
    unit: 'Prix unitaire',
    vat: 'TVA',
    total: 'Total',
    positions: 'Sous-total',
    shipping: 'Frais de port',
    pickup: 'Retrait en pharmacie',
    pickupAt: 'Retrait à',
    grand: 'Total TVA incl.',
    net: 'Montant net',
    vatOf: 'TVA {rate} % sur {base}',
    terms: `Payable dans les ${INVOICE_PAYMENT_DAYS} jours sans déduction, d’ici au {date}.`,
    due: 'Payable jusqu’au',
    vatId: 'N° TVA',
    paid: 'Merci pour votre commande.',
  },
};

/** The standard fonts speak WinAnsi (typographic quotes and dashes included): anything else becomes '?'. */
function winAnsi(text: string): string {
  return text.replace(/ /g, ' ').replace(/[^\u0020-\u007e\u00a0-\u00ff€‘’“”–—…•]/g, '?');
}

interface VatLine {
  taxRate: number;
  tax: number;
  price: number;
}

function vatPerRate(priceJson: string): VatLine[] {
  try {
    const price = JSON.parse(priceJson) as { calculatedTaxes?: VatLine[] };
    return (price.calculatedTaxes ?? []).map((t) => ({ taxRate: t.taxRate, tax: t.tax, price: t.price }));
  } catch {
    return [];
  }
}

/** The invoice's file name in the order's language: Rechnung-1042.pdf, Fattura-1042.pdf, Facture-1042.pdf. */
export function invoiceFileName(order: OrderRow, document: DocumentRow): string {
  return `${TEXT[languageKeyOf(order.language_id)].invoice}-${document.document_number}.pdf`.replace(/[^\w.-]/g, '_');
}

/** The PDF's bytes once PDFKit has written them all. */
function pdfBytes(pdf: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
    pdf.end();
  });
}

const QR_BILL_LANGUAGE: Record<LanguageKey, 'DE' | 'IT' | 'FR'> = { de: 'DE', it: 'IT', fr: 'FR' };

/** The due date of an invoice: its date plus the payment term (SPEC §9), as the customer's calendar reads it. */
export function invoiceDueDate(documentDate: string): Date {
  return new Date(new Date(documentDate).getTime() + INVOICE_PAYMENT_DAYS * 86_400_000);
}

export async function renderInvoicePdf(db: Db, order: OrderRow, document: DocumentRow): Promise<Uint8Array> {
  const language = languageKeyOf(order.language_id);
  const t = TEXT[language];
  const money = (n: number) => winAnsi(formatChf(n, language));
  const lines = db
    .prepare('SELECT label, quantity, unit_price, total_price, tax_rate, payload FROM order_line_item WHERE order_id = ? ORDER BY position')
    .all(order.id) as { label: string; quantity: number; unit_price: number; total_price: number; tax_rate: number | null; payload: string }[];
  const billing = db.prepare('SELECT * FROM order_address WHERE id = ?').get(order.billing_address_id) as
    | { first_name: string; last_name: string; company: string | null; street: string; zipcode: string | null; city: string }
    | undefined;
  const company = billingCompany(db);
  const slip = paymentSlipOf(db, order);
  // A Click & Collect order is picked up, never shipped: its pharmacy instead of shipping costs.
  const pharmacy = order.pharmacy_id
    ? (db.prepare('SELECT name, street, zipcode, city FROM pharmacy WHERE id = ?').get(order.pharmacy_id) as { name: string; street: string; zipcode: string; city: string } | undefined)
    : undefined;

  const created = new Date(document.created_at);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: LANGUAGES.find((l) => l.key === language)?.code ?? 'de-CH',
    info: { Title: `${t.invoice} ${document.document_number}`, Author: company.companyName, Producer: company.companyName, Creator: company.companyName, CreationDate: created, ModDate: created },
  });
  const left = 56;
  const right = 539;
  let y = 52;
  const ink = '#1c2633';
  const write = (text: string, x: number, size = 10, font: 'Helvetica' | 'Helvetica-Bold' = 'Helvetica', align: 'left' | 'right' = 'left') => {
    const safe = winAnsi(text);
    pdf.font(font).fontSize(size).fillColor(ink);
    const width = pdf.widthOfString(safe);
    pdf.text(safe, align === 'right' ? x - width : x, y, { lineBreak: false });
  };
  const newLine = (step = 15) => {
    y += step;
    if (y > 770) {
      pdf.addPage();
      y = 52;
    }
  };
  const rule = () => pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#999999').stroke();

  // The sender: the operating company with its address and UID/VAT number (system_config).
  write(company.companyName, left, 14, 'Helvetica-Bold');
  newLine(18);
  write(`${company.street} ${company.buildingNumber}`.trim() + `, ${company.zipcode} ${company.city}`, left, 9);
  newLine(12);
  write(`${t.vatId}: ${company.vatId}`, left, 9);
  newLine(30);
  if (billing) {
    for (const line of [billing.company, `${billing.first_name} ${billing.last_name}`, billing.street, `${billing.zipcode ?? ''} ${billing.city}`.trim()]) {
      if (!line) continue;
      write(line, left);
      newLine();
    }
  }
  newLine(20);
  write(`${t.invoice} ${document.document_number}`, left, 18, 'Helvetica-Bold');
  newLine(28);
  for (const [label, value] of [
    [t.date, dateInLanguage(document.created_at, language)],
    [t.due, dateInLanguage(invoiceDueDate(document.created_at).toISOString(), language)],
    [t.order, order.order_number],
    [t.customer, order.customer_number ?? ''],
  ] as const) {
    write(`${label}:`, left);
    write(value, left + 130);
    newLine();
  }
  newLine(15);
  write(t.quantity, left, 10, 'Helvetica-Bold');
  write(t.item, left + 45, 10, 'Helvetica-Bold');
  write(t.vat, right - 170, 10, 'Helvetica-Bold', 'right');
  write(t.unit, right - 85, 10, 'Helvetica-Bold', 'right');
  write(t.total, right, 10, 'Helvetica-Bold', 'right');
  newLine(14);
  rule();
  newLine(6);
  for (const line of lines) {
    // the chosen variant's options beside the name (issue 19 item 5)
    const named = labelWithOptions(line.label, line.payload);
    const label = named.length > 55 ? `${named.slice(0, 54)}…` : named;
    write(String(line.quantity), left);
    write(label, left + 45);
    write(line.tax_rate === null ? '' : `${line.tax_rate} %`, right - 170, 10, 'Helvetica', 'right');
    write(money(line.unit_price), right - 85, 10, 'Helvetica', 'right');
    write(money(line.total_price), right, 10, 'Helvetica', 'right');
    newLine();
  }
  rule();
  newLine(6);
  const totals: [string, string, 'Helvetica' | 'Helvetica-Bold'][] = [
    [t.positions, money(order.position_price), 'Helvetica'],
    [pharmacy ? t.pickup : t.shipping, money(order.shipping_total), 'Helvetica'],
    [t.grand, money(order.amount_total), 'Helvetica-Bold'],
    [t.net, money(order.amount_net), 'Helvetica'],
  ];
  for (const [label, value, font] of totals) {
    write(label, right - 200, 10, font);
    write(value, right, 10, font, 'right');
    newLine();
  }
  for (const vat of vatPerRate(order.price)) {
    write(t.vatOf.replace('{rate}', String(vat.taxRate)).replace('{base}', money(vat.price)), right - 200);
    write(money(vat.tax), right, 10, 'Helvetica', 'right');
    newLine();
  }
  if (pharmacy) {
    newLine(10);
    write(`${t.pickupAt} ${pharmacy.name}, ${pharmacy.street}, ${pharmacy.zipcode} ${pharmacy.city}`, left);
  }
  newLine(20);
  write(t.terms.replace('{date}', dateInLanguage(invoiceDueDate(document.created_at).toISOString(), language)), left, 11, 'Helvetica-Bold');
  newLine();
  write(t.paid, left);
  // The payment part (QR-bill) at the foot of the page, or on a page of its own when the lines filled this one.
  if (slip) new SwissQRBill(qrBillData(slip, t.order), { language: QR_BILL_LANGUAGE[language] }).attachTo(pdf);
  return pdfBytes(pdf);
}
