import PDFDocument from 'pdfkit'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import { formatTimeOfDay } from '@storageops/contracts/lease-terminations'

/** What a lease-termination notice says (spec: admin-console-part-2 §3 "Lease termination notice"). */
export interface NoticeContent {
  notice_id: number
  company: string
  facility: { name: string; address: string; city: string; state: string; zip: string; phone: string | null }
  tenant: { name: string; address?: string | null; city?: string | null; state?: string | null; zip?: string | null }
  units: string[]
  termination_type: 'Non-renewal' | 'Termination'
  termination_date: string
  termination_time: string
  reason_and_notes: string
  /** The day the notice is issued, YYYY-MM-DD. */
  issued_on: string
}

/** The notice as a Letter PDF (pdfkit): made once when the notice is sent, stored, never made again. */
export function renderNoticePdf(notice: NoticeContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 72,
    info: {
      Title: `Notice of ${notice.termination_type.toLowerCase()} — ${notice.units.join(', ')}`,
      Author: notice.company,
      Subject: `Lease termination notice ${notice.notice_id}`,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const { facility, tenant } = notice
  const kind = notice.termination_type === 'Termination' ? 'TERMINATION' : 'NON-RENEWAL'
  const unitLabel = notice.units.length === 1 ? 'Unit' : 'Units'

  doc.font('Helvetica-Bold').fontSize(16).text(notice.company)
  doc.font('Helvetica').fontSize(10).fillColor('#333333')
  doc.text(`${facility.name}`)
  doc.text(`${facility.address}, ${facility.city}, ${facility.state} ${facility.zip}`)
  if (facility.phone) doc.text(`Office: ${facility.phone}`)
  doc.moveDown(2).fillColor('#000000')

  doc.font('Helvetica-Bold').fontSize(18).text(`NOTICE OF LEASE ${kind}`, { align: 'center' })
  doc.moveDown(1.5)
  doc.font('Helvetica').fontSize(11)
  doc.text(`Date: ${formatCalendarDate(notice.issued_on)}`)
  doc.moveDown(0.5)
  doc.text(`To: ${tenant.name}`)
  if (tenant.address)
    doc.text(`${tenant.address}, ${tenant.city ?? ''}, ${tenant.state ?? ''} ${tenant.zip ?? ''}`.trim())
  doc.moveDown(0.5)
  doc.font('Helvetica-Bold').text(`${unitLabel}: ${notice.units.join(', ')}`)
  doc.moveDown(1)

  doc
    .font('Helvetica')
    .text(
      `This is formal notice that your rental agreement for the ${unitLabel.toLowerCase()} listed above at ${facility.name} ` +
        `ends by ${kind.toLowerCase()} on ${formatCalendarDate(notice.termination_date)} at ` +
        `${formatTimeOfDay(notice.termination_time)}.`,
      { align: 'justify' },
    )
  doc.moveDown(1)
  doc.font('Helvetica-Bold').text('Reason')
  doc.font('Helvetica').text(notice.reason_and_notes)
  doc.moveDown(1)
  doc.font('Helvetica-Bold').text('What you need to do')
  doc
    .font('Helvetica')
    .text(
      `Remove all of your property and your lock from the ${unitLabel.toLowerCase()} and leave ${
        notice.units.length === 1 ? 'it' : 'them'
      } broom clean by that time. ` +
        'Rent and fees owed up to that date remain due. Property left behind may be removed as your rental agreement and ' +
        'state law allow. If you have questions, contact the office at the number above.',
      { align: 'justify' },
    )
  doc.moveDown(2)
  doc.text('Sincerely,')
  doc.text(`Facility Manager, ${facility.name}`)
  doc
    .fontSize(8)
    .fillColor('#666666')
    .text(`Notice ${notice.notice_id}`, 72, doc.page.height - 60, { lineBreak: false })
  doc.end()
  return done
}
