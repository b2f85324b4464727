import { useState } from 'react'
import { Button, FileButton, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconCamera, IconPlus } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import {
  PRIORITIES,
  PRIORITY_DISPLAY,
  TASK_PHOTO_MAX_COUNT,
  TASK_TEXT,
  missingForNewTask,
  missingForNewTaskText,
  type Priority,
  type TaskCategory,
} from '@storageops/contracts/task-rules'
import { formatDateTime } from '@storageops/contracts/date-time'
import type { FieldRole } from '@storageops/contracts/identity'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { QUEUED_TEXT } from '../../../lib/write-queue.ts'
import { useCreateTask } from '../api/create-task.ts'
import { useSsmUnits } from '../api/get-ssm-units.ts'
import { useTaskTypes } from '../api/get-task-types.ts'
import { PHONE_PHOTO_ACCEPT, PhotoPreview } from '../../../components/ui/photo-preview.tsx'
import { DuplicateTaskModal } from './duplicate-task-modal.tsx'
import { RoleSelect } from './role-select.tsx'

/** Create New Task (spec §2, §5); `unitNo` starts a unit task; 'Assign to' is beyond the spec (issue 19). */
export function NewTaskForm({ siteCode, unitNo: initialUnitNo }: { siteCode: string; unitNo?: string }) {
  const navigate = useNavigate()
  const taskTypes = useTaskTypes()
  const createTask = useCreateTask()
  const [category, setCategory] = useState<TaskCategory | null>(initialUnitNo ? 'unit' : null)
  const [taskTypeId, setTaskTypeId] = useState<string | null>(null)
  const [unitNo, setUnitNo] = useState<string | null>(initialUnitNo ?? null)
  const [prior, setPrior] = useState<Priority | null>(null)
  const [role, setRole] = useState<FieldRole | null>(null)
  const [description, setDescription] = useState('')
  const [photos, setPhotos] = useState<File[]>([])
  const [duplicateTaskId, setDuplicateTaskId] = useState<number | null>(null)
  const units = useSsmUnits(siteCode, category === 'unit')
  const network = useNetwork()

  const typeOptions = (taskTypes.data ?? [])
    .filter((type) => type.category === category)
    .map((type) => ({ value: String(type.id), label: type.title }))
  const missing = missingForNewTask({ category, taskTypeId, unitNo, description })
  const canCreate = missing.length === 0 && !createTask.isPending

  const addPhotos = (files: File[]) => setPhotos((current) => [...current, ...files].slice(0, TASK_PHOTO_MAX_COUNT))

  const submit = () => {
    if (!canCreate) return
    createTask.mutate(
      {
        task_type_id: Number(taskTypeId),
        site_code: siteCode,
        unit_no: category === 'unit' ? unitNo : null,
        prior: prior ?? undefined,
        role,
        description: description.trim(),
        photos,
      },
      {
        onSuccess: (sent) => {
          showToast(sent.queued ? QUEUED_TEXT : TASK_TEXT.created, sent.queued ? 'info' : 'success')
          void navigate(`/snapshot/facility-tasks/${siteCode}`)
        },
        onError: (error) => {
          // Spec §8: a failed create is logged; an open duplicate is offered instead.
          console.error('Task creation failed', error)
          const duplicateId = error instanceof ApiError ? error.body.duplicate_open_task_id : undefined
          if (typeof duplicateId === 'number') setDuplicateTaskId(duplicateId)
          else showToast(error.message, 'error')
        },
      },
    )
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} bg="white" maw={760}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Category"
              placeholder="Choose a category"
              data={[
                { value: 'property', label: 'Property' },
                { value: 'unit', label: 'Unit' },
              ]}
              value={category}
              onChange={(value) => {
                setCategory(value)
                setTaskTypeId(null)
                setUnitNo(null)
              }}
              withAsterisk
              allowDeselect={false}
            />
            <Select
              label="Task Type"
              placeholder={category ? 'Choose a task type' : 'Choose a category first'}
              data={typeOptions}
              value={taskTypeId}
              onChange={setTaskTypeId}
              disabled={!category}
              withAsterisk
              searchable
              nothingFoundMessage="No task type matches"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {category === 'unit' && (
              <Select
                label="Unit"
                placeholder={units.isPending ? 'Loading units…' : 'Search a unit number'}
                data={units.data?.data ?? []}
                value={unitNo}
                onChange={setUnitNo}
                searchable
                limit={50}
                withAsterisk
                disabled={units.isPending}
                description={
                  units.data && !network.online
                    ? `Saved on this device, last fetched ${formatDateTime(units.data.fetched_at)}.`
                    : undefined
                }
                error={units.isError ? `Units could not be loaded: ${units.error.message}` : undefined}
                nothingFoundMessage="No unit with that number"
              />
            )}
            <Select
              label="Priority"
              placeholder="Choose a priority"
              description="Medium Priority when none is chosen"
              data={PRIORITIES.map((value) => ({ value, label: PRIORITY_DISPLAY[value].label }))}
              value={prior}
              onChange={setPrior}
              clearable
            />
            <RoleSelect
              value={role}
              onChange={setRole}
              placeholder="Nobody yet"
              description="Optional: the role's users are notified"
              clearable
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            placeholder="What needs to be done?"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={4000}
            withAsterisk
          />
          <Stack gap={6}>
            <Group justify="space-between" align="center">
              <div>
                <Text fz="sm" fw={500}>
                  Photos
                </Text>
                <Text fz="xs" c="gray.7">
                  JPEG, PNG or HEIC; up to {TASK_PHOTO_MAX_COUNT} photos.
                </Text>
              </div>
              <FileButton onChange={addPhotos} accept={PHONE_PHOTO_ACCEPT} multiple>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconCamera size={18} aria-hidden />}
                    disabled={photos.length >= TASK_PHOTO_MAX_COUNT}
                  >
                    Add photos
                  </Button>
                )}
              </FileButton>
            </Group>
            {photos.length > 0 && (
              <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
                {photos.map((file, index) => (
                  <PhotoPreview
                    key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
                    file={file}
                    alt={`Photo ${file.name}`}
                    removeLabel={`Remove ${file.name}`}
                    height={96}
                    caption
                    onRemove={() => setPhotos((current) => current.filter((_, at) => at !== index))}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="xs">
            {missing.length > 0 && (
              <Text id="new-task-missing" fz="sm" c="gray.7" mr="auto">
                {missingForNewTaskText(missing)}
              </Text>
            )}
            <Button component={Link} to={`/snapshot/facility-tasks/${siteCode}`} variant="default">
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!canCreate}
              aria-describedby={missing.length > 0 ? 'new-task-missing' : undefined}
              loading={createTask.isPending}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              Create Task
            </Button>
          </Group>
        </Stack>
      </form>
      <DuplicateTaskModal
        siteCode={siteCode}
        duplicateTaskId={duplicateTaskId}
        onClose={() => setDuplicateTaskId(null)}
      />
    </Paper>
  )
}
