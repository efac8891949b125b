/**
 * The message page's templates tab (`resources.message_template.*`): field labels (also the dialogs' inputs') from the
 * definition (domain/message.ts); the tab's name, its create action and delete confirmation here.
 */
import { entityMessages, type Language } from '../../domain/entity';
import { messageTemplate } from '../../domain/message';
import type { MessageModule } from '../../i18n/core';

const template = (lang: Language) => entityMessages(messageTemplate, lang);

export default {
  'zh-CN': {
    resources: {
      message_template: {
        name: '消息模板',
        ...template('zh-CN'),
        actions: { create: '新建模板' },
        confirm: { delete: '删除模板「%{name}」？已发送的消息不受影响。' },
      },
    },
  },
  'en-US': {
    resources: {
      message_template: {
        name: 'Message templates',
        ...template('en-US'),
        actions: { create: 'New template' },
        confirm: { delete: 'Delete the template "%{name}"? Messages already sent keep their texts.' },
      },
    },
  },
} satisfies MessageModule;
