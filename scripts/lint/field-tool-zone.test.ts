import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, test } from 'vitest'
import { fieldToolModules, fieldToolZone, zodBearingContracts } from './field-tool-zone.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const zone = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { plugins: { '@typescript-eslint': tseslint.plugin }, languageOptions: { parser: tseslint.parser } },
    fieldToolZone(root),
  ],
})
const FIELD_PAGE = 'apps/web/src/app/routes/field/login.tsx'

async function refusals(code: string, file = FIELD_PAGE) {
  const [result] = await zone.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').length
}

describe('the field tool zone', () => {
  test('covers the field pages and the features they load, and no admin screen', () => {
    const modules = fieldToolModules(root)
    expect(modules).toContain(FIELD_PAGE)
    expect(modules).toContain('apps/web/src/features/identity/components/field-login-form.tsx')
    expect(modules).toContain('apps/web/src/components/ui/form-error.tsx')
    expect(modules.filter((file) => file.includes('/routes/admin/') || file.includes('use-schema-form'))).toEqual([])
  })

  test('knows which contracts modules carry zod', () => {
    const bearing = zodBearingContracts(root)
    expect(bearing).toEqual(expect.arrayContaining(['locations', 'users', 'facilities']))
    expect(bearing).not.toContain('fields')
    expect(bearing).not.toContain('facilities-fields')
  })

  test('refuses zod, a schema by value, admin screens, admin forms and admin features in a field-tool module', async () => {
    expect(await refusals("import { z } from 'zod'\nexport const s = z.string()\n")).toBe(1)
    expect(
      await refusals(
        "import { LocationInput } from '@storageops/contracts/locations'\nexport const s = LocationInput\n",
      ),
    ).toBe(1)
    expect(await refusals("import { useForm } from '@mantine/form'\nexport const f = useForm\n")).toBe(1)
    expect(await refusals("import { UsersPage } from '../admin/users-page.tsx'\nexport const p = UsersPage\n")).toBe(1)
    expect(
      await refusals(
        "import { UsersPanel } from '../../../features/users/components/users-panel.tsx'\nexport const p = UsersPanel\n",
      ),
    ).toBe(1)
  })

  test('lets types, zod-free contracts and the field features through', async () => {
    expect(
      await refusals(
        "import type { LocationRecord } from '@storageops/contracts/locations'\n" +
          "import { fieldLabel } from '@storageops/contracts/fields'\n" +
          "import { useTask } from '../../../features/tasks/api/get-task.ts'\n" +
          'export type L = LocationRecord\nexport const used = [fieldLabel, useTask]\n',
      ),
    ).toBe(0)
  })
})
