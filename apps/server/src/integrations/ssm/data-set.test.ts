import { expect, test } from 'vitest'
import { dataSetReader } from './data-set.ts'

const ANSWER = `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Body>
    <GetRentRollResponse xmlns="urn:ssm">
      <GetRentRollResult>
        <!-- a comment <Lease> is not a row -->
        <NewDataSet>
          <RT><Ret_Code>1</Ret_Code><Ret_Msg /></RT>
          <Lease>
            <SiteCode>L001</SiteCode>
            <TenantName> Ann &amp; Bo &lt;&quot;O&apos;Neil&quot;&gt; &#233;&#x41; </TenantName>
            <Note><![CDATA[a <b> &amp; c]]></Note>
            <Rent>120.00</Rent>
          </Lease>
          <diffgr:Lease xmlns:diffgr="urn:x" SiteCode="L002" msdata:Note='a > b &amp; "c"' Rent = "99.50"/>
          <Missing><SiteCode>ZZ9</SiteCode></Missing>
        </NewDataSet>
      </GetRentRollResult>
    </GetRentRollResponse>
  </soap:Body>
</soap:Envelope>`

const EXPECTED = {
  fault: null,
  hasDataSet: true,
  tables: {
    RT: [{ Ret_Code: '1', Ret_Msg: '' }],
    Lease: [
      { SiteCode: 'L001', TenantName: 'Ann & Bo <"O\'Neil"> éA', Note: 'a <b> &amp; c', Rent: '120.00' },
      { diffgr: 'urn:x', SiteCode: 'L002', Note: 'a > b & "c"', Rent: '99.50' },
    ],
    Missing: [{ SiteCode: 'ZZ9' }],
  },
}

test('a DataSet answer: columns as elements and as attributes, entities, CDATA, comments, empty and prefixed tags', () => {
  const reader = dataSetReader('GetRentRoll')
  reader.write(ANSWER)
  expect(reader.end()).toEqual(EXPECTED)
})

test('the same answer cut into chunks at every position reads the same', () => {
  for (let cut = 1; cut < ANSWER.length; cut++) {
    const reader = dataSetReader('GetRentRoll')
    reader.write(ANSWER.slice(0, cut))
    reader.write(ANSWER.slice(cut))
    expect(reader.end(), `cut at ${cut}`).toEqual(EXPECTED)
  }
  const reader = dataSetReader('GetRentRoll')
  for (const char of ANSWER) reader.write(char)
  expect(reader.end()).toEqual(EXPECTED)
})

test("another method's answer has no data set; a fault is read with its text", () => {
  const other = dataSetReader('GetAllUnits')
  other.write(ANSWER)
  expect(other.end()).toEqual({ fault: null, hasDataSet: false, tables: {} })
  const fault = dataSetReader('GetRentRoll')
  fault.write(
    '<?xml version="1.0"?><soap:Envelope xmlns:soap="s"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring> Invalid &amp; refused </faultstring></soap:Fault></soap:Body></soap:Envelope>',
  )
  expect(fault.end()).toEqual({ fault: 'Invalid & refused', hasDataSet: false, tables: {} })
})
