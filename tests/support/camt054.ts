// A bank's ISO 20022 camt.054 credit notification as a Swiss bank sends it (the parts the shop's import reads), for
// the tests of `npm run payments -- import` (tests/store-api/bank-credits.test.ts, tests/e2e/invoice-payment.spec.ts).

export interface Credit {
  reference: string;
  amount: number;
  bankReference: string;
  currency?: string;
}

/** A camt.054 notification as a Swiss bank sends it (the parts the import reads), one entry per credit. */
export function camt054(credits: Credit[]): string {
  const entries = credits
    .map(
      (credit) => `
      <Ntry>
        <Amt Ccy="${credit.currency ?? 'CHF'}">${credit.amount.toFixed(2)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-27</Dt></BookgDt>
        <AcctSvcrRef>${credit.bankReference}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${credit.bankReference}-1</AcctSvcrRef></Refs>
          <Amt Ccy="${credit.currency ?? 'CHF'}">${credit.amount.toFixed(2)}</Amt>
          <CdtDbtInd>CRDT</CdtDbtInd>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${credit.reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-11-27T18:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>N-1</Id><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>${entries}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
}
