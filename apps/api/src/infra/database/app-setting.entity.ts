import { defineEntity, p } from '@mikro-orm/core';

/** Values every API process must share, such as the key that signs file URLs. */
const AppSettingSchema = defineEntity({
  name: 'AppSetting',
  tableName: 'app_settings',
  properties: {
    name: p.string().length(64).primary(),
    value: p.text(),
  },
});

export class AppSetting extends AppSettingSchema.class {}
AppSettingSchema.setClass(AppSetting);
export { AppSettingSchema };
