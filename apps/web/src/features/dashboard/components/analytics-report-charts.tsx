import { BarChart, DonutChart, LineChart } from '@mantine/charts'
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { AnalyticsReport } from '@storageops/contracts/dashboard'
import { formatDateTime } from '@storageops/contracts/date-time'
import { PRIORITY_DISPLAY, type Priority } from '@storageops/contracts/task-rules'

// 'Jan 2026': a two-digit year ('Jan 26') reads as a day of the month.
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const PRIORITY_COLORS: Record<Priority, string> = { urgent: 'red.9', high: 'orange.7', medium: 'blue.6', low: 'gray.5' }

const AGE_SERIES = [
  { name: '0–6 days', color: 'teal.6' },
  { name: '7–9 days', color: 'yellow.6' },
  { name: '10+ days (past due)', color: 'red.8' },
]
const MONTH_SERIES = [
  { name: 'Reports', color: 'blue.7' },
  { name: 'Completed', color: 'teal.7' },
  { name: 'Facilities', color: 'gray.6', strokeDasharray: '5 5' },
]

/** Legend entries in the series' own order (Recharts sorts them by name: '0–6', '10+', '7–9'). */
const legendInOrderOf = (series: Array<{ name: string }>) => ({
  verticalAlign: 'bottom' as const,
  itemSorter: (item: { value?: unknown }) => series.findIndex((entry) => entry.name === item.value),
})

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Paper withBorder radius="md" p="md" bg="white">
      <Text fz="xs" fw={700} tt="uppercase" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={800} c={tone}>
        {value}
      </Text>
    </Paper>
  )
}

function ChartCard({ title, caption, children }: { title: string; caption: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" bg="white" component="section" aria-label={title}>
      <Stack gap="xs">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text fz="sm" c="gray.7">
            {caption}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  )
}

/** The built-in analytics report (issue 6), drawn with @mantine/charts (Recharts). */
export function AnalyticsReportCharts({ report }: { report: AnalyticsReport }) {
  const byFacility = report.open_tasks_by_facility.map((row) => ({
    facility: row.site_code,
    '0–6 days': row.age_0_6,
    '7–9 days': row.age_7_9,
    '10+ days (past due)': row.age_10_plus,
  }))
  const byMonth = report.brand_standards_by_month.map((row) => ({
    month: MONTH_LABEL.format(new Date(`${row.month}-01T00:00:00Z`)),
    Reports: row.reports,
    Completed: row.completed,
    Facilities: row.facilities_covered,
  }))
  const pastDue = report.past_due_by_priority.map((row) => ({
    name: PRIORITY_DISPLAY[row.prior as Priority]?.label ?? row.prior,
    value: row.count,
    color: PRIORITY_COLORS[row.prior as Priority] ?? 'gray.5',
  }))
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h3">
          Operations analytics
        </Title>
        <Text fz="xs" c="gray.7">
          Live data · {formatDateTime(report.generated_at)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        <Figure label="Open tasks" value={report.totals.open_tasks} />
        <Figure label="Past due" value={report.totals.past_due} tone="red.9" />
        <Figure label="Facilities with open tasks" value={report.totals.facilities} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title="Open tasks by facility and age"
          caption={`The ${byFacility.length} facilities with the most open tasks`}
        >
          <BarChart
            h={300}
            data={byFacility}
            dataKey="facility"
            type="stacked"
            withLegend
            legendProps={legendInOrderOf(AGE_SERIES)}
            xAxisProps={{ interval: 0, angle: -40, textAnchor: 'end', height: 60, fontSize: 11 }}
            series={AGE_SERIES}
          />
        </ChartCard>
        <ChartCard title="Tasks past due" caption="Open tasks 10 days or older, by priority">
          <Group justify="center" gap="xl" wrap="wrap">
            <DonutChart
              data={pastDue}
              size={200}
              thickness={34}
              withLabelsLine
              withLabels
              chartLabel={`${report.totals.past_due} past due`}
            />
            <Stack gap={4}>
              {pastDue.map((entry) => (
                <Group key={entry.name} gap={8} wrap="nowrap">
                  <div
                    style={{
                      width: 12,
                      height: 12,
                      borderRadius: 3,
                      background: `var(--mantine-color-${entry.color.replace('.', '-')})`,
                    }}
                    aria-hidden
                  />
                  <Text fz="sm">
                    {entry.name}: {entry.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title="Brand standards completion over time"
        caption="Inspections submitted per month, completed ones, and facilities covered (last 12 months)"
      >
        <LineChart
          h={260}
          data={byMonth}
          dataKey="month"
          withLegend
          legendProps={legendInOrderOf(MONTH_SERIES)}
          curveType="monotone"
          series={MONTH_SERIES}
        />
      </ChartCard>
    </Stack>
  )
}
