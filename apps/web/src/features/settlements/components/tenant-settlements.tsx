import { useState } from 'react'
import {
  Button,
  em,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconSearch, IconSend } from '@tabler/icons-react'
import { formatDollars } from '@storageops/contracts/auctions'
import { formatDateTime } from '@storageops/contracts/date-time'
import { SETTLEMENT_MESSAGES, type TenantSearchResult, type TenantUnit } from '@storageops/contracts/settlements'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { ApiError } from '../../../lib/api.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSearchTenants, useSendPaymentLink, useTenantUnits } from '../api/settlements.ts'

type SearchType = 'email' | 'sms'
/** Tenants shown at once: demo and real phone numbers can be shared by several tenants. */
const MAX_SHOWN = 5

function SendLink({ tenant, unit, type }: { tenant: TenantSearchResult; unit: TenantUnit; type: SearchType }) {
  const [amount, setAmount] = useState<number | string>(unit.live_link?.amount ?? '')
  const send = useSendPaymentLink()
  const to = type === 'email' ? tenant.EMail : tenant.CellPhone
  const submit = () =>
    send.mutate(
      {
        data: to,
        type,
        settlementAmount: Number(amount),
        facilityId: tenant.locationCode,
        facilityName: tenant.locationName,
        leaseNo: unit.LeaseNumber,
        unitNo: unit.UnitNumber,
      },
      {
        onSuccess: (result) => showToast(result.message, 'success'),
        onError: (error) => showToast(errorMessage(error, 'The link could not be sent.'), 'error'),
      },
    )
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <NumberInput
        aria-label={`Settlement amount for unit ${unit.UnitNumber}`}
        labelProps={{
          className: 'visually-hidden',
          style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
        }}
        placeholder="0.00"
        prefix="$"
        decimalScale={2}
        value={amount}
        onChange={setAmount}
        w={130}
      />
      <Button
        leftSection={<IconSend size={16} aria-hidden />}
        disabled={!(Number(amount) > 0)}
        loading={send.isPending}
        onClick={submit}
        aria-label={`Send payment link for unit ${unit.UnitNumber}`}
      >
        Send link
      </Button>
    </Group>
  )
}

function TenantPanel({ tenant, type }: { tenant: TenantSearchResult; type: SearchType }) {
  const units = useTenantUnits(tenant)
  const theme = useMantineTheme()
  // On a phone the amount and Send link go below the lease (a card's corner is too narrow for them).
  const isWide = useMediaQuery(`(min-width: ${em(theme.breakpoints.sm)})`, true)
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {tenant.FirstName} {tenant.LastName}
        </Title>
        <Text fz="sm">
          {tenant.locationName} ({tenant.locationCode}) · tenant {tenant.TenantID}
        </Text>
        <Text fz="sm">
          {tenant.EMail} · {tenant.CellPhone}
        </Text>
        <Text fz="sm" c="gray.7">
          The link goes by {type === 'email' ? `email to ${tenant.EMail}` : `SMS to ${tenant.CellPhone}`}.
        </Text>
        {units.isPending && <SkeletonRows label="Loading the tenant's units…" rows={2} />}
        <FormError
          message={units.isError && errorMessage(units.error, 'Please try again.')}
          title="The units could not be loaded"
          onRetry={() => void units.refetch()}
        />
        {units.data && (
          <ResponsiveTable
            label={`Units of ${tenant.FirstName} ${tenant.LastName}`}
            rows={units.data}
            rowKey={(row) => row.LeaseNumber}
            minWidth={640}
            columns={[
              { key: 'lease', header: 'LeaseNumber', cell: (row) => row.LeaseNumber },
              { key: 'unit', header: 'UnitNumber', cell: (row) => row.UnitNumber },
              { key: 'balance', header: 'Balance', cell: (row) => formatDollars(row.balance), align: 'right' },
              {
                key: 'link',
                header: 'Live link',
                cell: (row) =>
                  row.live_link
                    ? `${formatDollars(row.live_link.amount)} until ${formatDateTime(row.live_link.expires_at)}`
                    : '—',
              },
            ]}
            {...(isWide
              ? { actions: (row: TenantUnit) => <SendLink tenant={tenant} unit={row} type={type} /> }
              : { footer: (row: TenantUnit) => <SendLink tenant={tenant} unit={row} type={type} /> })}
            card={(row) => (
              <Stack gap={4}>
                <Text fw={600}>
                  Unit {row.UnitNumber} · lease {row.LeaseNumber}
                </Text>
                <Text fz="sm">Balance {formatDollars(row.balance)}</Text>
                {row.live_link && (
                  <Text fz="sm" c="gray.7">
                    Live link {formatDollars(row.live_link.amount)} until {formatDateTime(row.live_link.expires_at)}
                  </Text>
                )}
              </Stack>
            )}
          />
        )}
      </Stack>
    </Paper>
  )
}

/** Tenant Settlements at /tenant-settlements (spec: admin-console-part-1 §2, §5, §8; decision record 017). */
export function TenantSettlements() {
  const [type, setType] = useState<SearchType>('email')
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<{ type: SearchType; tenants: TenantSearchResult[] } | null>(null)
  const search = useSearchTenants()

  const submit = () => {
    setResults(null)
    if (!query.trim()) {
      showToast(SETTLEMENT_MESSAGES.required, 'error')
      return
    }
    search.mutate(
      { type, query: query.trim() },
      {
        onSuccess: (tenants) => setResults({ type, tenants }),
        onError: (error) =>
          showToast(
            error instanceof ApiError && error.status === 400
              ? errorMessage(error, SETTLEMENT_MESSAGES.required)
              : SETTLEMENT_MESSAGES.notFound,
            'error',
          ),
      },
    )
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Tenant Settlements"
        description="Find a tenant by email or phone and send a payment link for a settlement amount."
      />
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={(event) => (event.preventDefault(), submit())}>
        <Stack gap="md">
          <SegmentedControl
            aria-label="Search by"
            value={type}
            onChange={(value) => setType(value)}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS' },
            ]}
            w="fit-content"
          />
          <Group align="flex-end" gap="sm">
            <TextInput
              label={type === 'email' ? 'Email' : 'Phone'}
              placeholder={type === 'email' ? 'tenant@example.com' : '(512) 555-0100'}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220 }}
              type={type === 'email' ? 'email' : 'tel'}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={search.isPending}>
              Search Tenant
            </Button>
          </Group>
        </Stack>
      </Paper>
      {results && results.tenants.length > MAX_SHOWN && (
        <Text role="status">
          {results.tenants.length} tenants match; the first {MAX_SHOWN} are shown. Search by email to find one tenant.
        </Text>
      )}
      {results?.tenants.slice(0, MAX_SHOWN).map((tenant) => (
        <TenantPanel key={`${tenant.locationCode}/${tenant.TenantID}`} tenant={tenant} type={results.type} />
      ))}
    </Stack>
  )
}
