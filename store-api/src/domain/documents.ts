import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '../db/connection';
import { LANGUAGES, type LanguageKey } from '../known-ids';
import { formatChf, languageKeyOf } from './mail';
import type { OrderRow } from './order';

// The invoice PDF of an order (document type invoice), rendered with pdf-lib when it is downloaded: the
// document row fixes its number and date, the order rows give lines, VAT per rate and totals (SPEC §9:
// payable within 10 days).

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
  | 'positions' | 'shipping' | 'grand' | 'net' | 'vatOf' | 'terms' | 'paid';

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
    grand: 'Gesamtbetrag inkl. MwSt.',
    net: 'Nettobetrag',
    vatOf: 'MwSt. {rate} % auf {base}',
    terms: `Zahlbar innert ${INVOICE_PAYMENT_DAYS} Tagen ohne Abzug.`,
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
    grand: 'Totale IVA incl.',
    net: 'Importo netto',
    vatOf: 'IVA {rate} % su {base}',
    terms: `Pagabile entro ${INVOICE_PAYMENT_DAYS} giorni senza deduzioni.`,
    paid: 'Grazie per il tuo ordine.',
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
    grand: 'Total TVA incl.',
    net: 'Montant net',
    vatOf: 'TVA {rate} % sur {base}',
    terms: `Payable dans les ${INVOICE_PAYMENT_DAYS} jours sans déduction.`,
    paid: 'Merci pour votre commande.',
  },
};

/** The standard fonts speak WinAnsi: map typography to it and drop what it cannot show. */
function winAnsi(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/ /g, ' ')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff€]/g, '?');
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

function dateOf(iso: string, language: LanguageKey): string {
  return new Intl.DateTimeFormat(LANGUAGES.find((l) => l.key === language)?.code ?? 'de-CH', { dateStyle: 'medium', timeZone: 'Europe/Zurich' }).format(new Date(iso));
}

export async function renderInvoicePdf(db: Db, order: OrderRow, document: DocumentRow): Promise<Uint8Array> {
  const language = languageKeyOf(order.language_id);
  const t = TEXT[language];
  const money = (n: number) => winAnsi(formatChf(n, language));
  const lines = db
    .prepare('SELECT label, quantity, unit_price, total_price, tax_rate FROM order_line_item WHERE order_id = ? ORDER BY position')
    .all(order.id) as { label: string; quantity: number; unit_price: number; total_price: number; tax_rate: number | null }[];
  const billing = db.prepare('SELECT * FROM order_address WHERE id = ?').get(order.billing_address_id) as
    | { first_name: string; last_name: string; company: string | null; street: string; zipcode: string | null; city: string }
    | undefined;

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.invoice} ${document.document_number}`);
  pdf.setProducer('Apotheke');
  pdf.setCreator('Apotheke');
  pdf.setCreationDate(new Date(document.created_at));
  pdf.setModificationDate(new Date(document.created_at));
  pdf.setLanguage(LANGUAGES.find((l) => l.key === language)?.code ?? 'de-CH');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const left = 56;
  const right = 539;
  const write = (text: string, x: number, size = 10, font: PDFFont = regular, align: 'left' | 'right' = 'left') => {
    const safe = winAnsi(text);
    const width = font.widthOfTextAtSize(safe, size);
    page.drawText(safe, { x: align === 'right' ? x - width : x, y, size, font, color: rgb(0.11, 0.15, 0.2) });
  };
  const newLine = (step = 15) => {
    y -= step;
    if (y < 70) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };

  write('Apotheke', left, 14, bold);
  newLine(30);
  if (billing) {
    for (const line of [billing.company, `${billing.first_name} ${billing.last_name}`, billing.street, `${billing.zipcode ?? ''} ${billing.city}`.trim()]) {
      if (!line) continue;
      write(line, left);
      newLine();
    }
  }
  newLine(20);
  write(`${t.invoice} ${document.document_number}`, left, 18, bold);
  newLine(24);
  for (const [label, value] of [
    [t.date, dateOf(document.created_at, language)],
    [t.order, order.order_number],
    [t.customer, order.customer_number ?? ''],
  ] as const) {
    write(`${label}:`, left);
    write(value, left + 130);
    newLine();
  }
  newLine(15);
  write(t.quantity, left, 10, bold);
  write(t.item, left + 45, 10, bold);
  write(t.vat, right - 170, 10, bold, 'right');
  write(t.unit, right - 85, 10, bold, 'right');
  write(t.total, right, 10, bold, 'right');
  newLine(6);
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  newLine(14);
  for (const line of lines) {
    const label = line.label.length > 55 ? `${line.label.slice(0, 54)}…` : line.label;
    write(String(line.quantity), left);
    write(label, left + 45);
    write(line.tax_rate === null ? '' : `${line.tax_rate} %`, right - 170, 10, regular, 'right');
    write(money(line.unit_price), right - 85, 10, regular, 'right');
    write(money(line.total_price), right, 10, regular, 'right');
    newLine();
  }
  newLine(6);
  page.drawLine({ start: { x: left, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  const totals: [string, string, PDFFont][] = [
    [t.positions, money(order.position_price), regular],
    [t.shipping, money(order.shipping_total), regular],
    [t.grand, money(order.amount_total), bold],
    [t.net, money(order.amount_net), regular],
  ];
  for (const [label, value, font] of totals) {
    write(label, right - 200, 10, font);
    write(value, right, 10, font, 'right');
    newLine();
  }
  for (const vat of vatPerRate(order.price)) {
    write(t.vatOf.replace('{rate}', String(vat.taxRate)).replace('{base}', money(vat.price)), right - 200);
    write(money(vat.tax), right, 10, regular, 'right');
    newLine();
  }
  newLine(20);
  write(t.terms, left, 11, bold);
  newLine();
  write(t.paid, left);
  return pdf.save();
}
