import type { MessageTemplateKey } from '@storageops/contracts/message-templates'

/**
 * What each template says until staff edit it (issue 14). Written for a self-storage operator's tenants
 * and buyers; Liquid placeholders from MESSAGE_TEMPLATES. SMS bodies stay within 160 GSM-7 characters.
 */
export const DEFAULT_TEMPLATES: Record<
  MessageTemplateKey,
  { sms_body: string; email_subject: string; email_body: string }
> = {
  lease_termination_notice: {
    sms_body:
      '{{ company.name }}: a notice of {{ termination_type | downcase }} for unit {{ units }} was sent to you. Read it: {{ notice_url }}',
    email_subject: 'Notice of lease {{ termination_type | downcase }}: {{ facility.name }}, unit {{ units }}',
    email_body: `<p>Dear {{ tenant.full_name }},</p>
<p>This is formal notice that your rental agreement for unit <strong>{{ units }}</strong> at {{ facility.name }}, {{ facility.address }}, {{ facility.city }}, {{ facility.state }} {{ facility.zip }} ends by <strong>{{ termination_type | downcase }}</strong> on <strong>{{ termination_date }} at {{ termination_time }}</strong>.</p>
<p>Reason: {{ reason }}</p>
<p>Please remove all your belongings and your lock by then. Read and keep the full notice here:</p>
<p><a href="{{ notice_url }}">View your notice</a></p>
<p>Questions? Call the office at {{ facility.phone }}.</p>
<p>{{ company.name }}</p>`,
  },
  auction_winner: {
    sms_body:
      '{{ company.name }}: you won unit {{ unit_no }} at {{ facility.name }}. Pay {{ balance_due }} at the office and clear it by {{ cleanout_deadline }}.',
    email_subject: 'You won unit {{ unit_no }} at {{ facility.name }}',
    email_body: `<p>Congratulations {{ winner.full_name }},</p>
<p>You are the winning bidder of unit <strong>{{ unit_no }}</strong> (auction {{ auction_id }}) at {{ facility.name }}, {{ facility.address }}, {{ facility.city }}, {{ facility.state }} {{ facility.zip }}.</p>
<ul>
<li>Balance due at the facility: <strong>{{ balance_due }}</strong></li>
<li>Clean-out deadline: <strong>{{ cleanout_deadline }}</strong></li>
<li>Gate code: <strong>{{ gate_code }}</strong></li>
</ul>
<p>Bring a photo ID. Office: {{ facility.phone }}.</p>
<p>{{ company.name }}</p>`,
  },
  payment_link: {
    sms_body:
      '{{ company.name }}: pay {{ amount }} for unit {{ unit_no }} at {{ payment_url }} (link valid until {{ expires_at }}).',
    email_subject: 'Your payment link for unit {{ unit_no }} at {{ facility.name }}',
    email_body: `<p>Dear {{ tenant.full_name }},</p>
<p>As agreed with our office, you can settle <strong>{{ amount }}</strong> for unit {{ unit_no }} at {{ facility.name }} online:</p>
<p><a href="{{ payment_url }}">Pay {{ amount }}</a></p>
<p>The link is valid until {{ expires_at }}. Questions? Call {{ facility.phone }}.</p>
<p>{{ company.name }}</p>`,
  },
  rate_change_notice: {
    sms_body:
      '{{ company.name }}: the rent of unit {{ unit_no }} changes from {{ current_rent }} to {{ new_rent }} a month on {{ effective_date }}.',
    email_subject: 'Rent change for unit {{ unit_no }} at {{ facility.name }}',
    email_body: `<p>Dear {{ tenant.full_name }},</p>
<p>The monthly rent of your unit <strong>{{ unit_no }}</strong> at {{ facility.name }} changes from {{ current_rent }} to <strong>{{ new_rent }}</strong>, effective {{ effective_date }}.</p>
<p>Questions? Call the office at {{ facility.phone }}.</p>
<p>{{ company.name }}</p>`,
  },
  task_assigned: {
    sms_body: '',
    email_subject: '{{ task_title }} at {{ facility.name }} is assigned to {{ role }}',
    email_body: `<p>Hello {{ staff.full_name }},</p>
<p>{{ assigned_by }} assigned a task to {{ role }} at {{ facility.name }}, {{ facility.address }}, {{ facility.city }}, {{ facility.state }}:</p>
<ul>
<li>Task: <strong>{{ task_title }}</strong></li>
<li>Unit: {{ unit_no }}</li>
<li>Priority: {{ priority }}</li>
<li>Description: {{ description }}</li>
</ul>
<p><a href="{{ task_url }}">Open the task in Snapshot</a></p>
<p>You get this email because you turned on 'Email me when a task is assigned to my role' in Snapshot.</p>
<p>{{ company.name }}</p>`,
  },
}
