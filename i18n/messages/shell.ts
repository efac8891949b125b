/**
 * Strings of the layout shell (namespace `shell`): top bar, side menu, tabs, page titles, dashboard profile,
 * the unknown-profile screen and the developer request log. Shared words (buttons, 404 texts) are in `common`.
 */
export default {
  'zh-CN': {
    shell: {
      // shown by the shell outside any resource page (the resources' own messages load with their pages)
      emergencyBanner: '应急公告',
      approvalsWaiting: '%{count} 条待复核',
      title: {
        login: '登录',
        notFound: '404',
        forbidden: '403',
        error: '出错了',
      },
      appBar: {
        welcome: '欢迎，%{name}',
        toggleMenu: '打开/收起菜单',
        settings: '设置',
        language: '切换语言',
      },
      userMenu: {
        changePassword: '修改密码',
        mfa: '添加/修改身份验证器',
        logout: '退出登录',
      },
      logout: {
        title: '退出登录',
        message: '确定要退出登录吗？',
        confirm: '退出',
      },
      sideMenu: {
        search: '搜索菜单',
        noMatch: '没有匹配的菜单',
        label: '主菜单',
      },
      tabs: {
        label: '已打开的页面',
        close: '关闭',
        menu: '标签操作',
        refresh: '刷新',
        closeThis: '关闭当前',
        closeOthers: '关闭其他',
        closeRight: '关闭右侧',
        closeAll: '全部关闭',
      },
      page: {
        loadFailed: '页面加载失败',
      },
      profileError: {
        title: '部署配置无效',
        message: '未知的部署配置“%{profile}”。可用的配置：%{known}。',
        useDefault: '使用默认配置',
      },
      dashboard: {
        profile: '个人信息',
        username: '用户名',
        role: '角色',
        id: 'ID',
        lastLogin: '上次登录',
        invitationCode: '邀请码',
        never: '无',
        loadFailed: '无法获取用户信息',
      },
      roles: {
        god: '管理员',
        angel: '主管',
        superman: '组长',
        hero: '业务员',
      },
      devlog: {
        title: '请求日志',
        clear: '清空',
        empty: '暂无请求',
        method: '方法',
        path: '路径',
        status: '状态',
        time: '耗时',
      },
    },
  },
  'en-US': {
    shell: {
      emergencyBanner: 'Emergency notice',
      approvalsWaiting: '%{count} awaiting check',
      title: {
        login: 'Login',
        notFound: '404',
        forbidden: '403',
        error: 'Error',
      },
      appBar: {
        welcome: 'Welcome, %{name}',
        toggleMenu: 'Toggle menu',
        settings: 'Settings',
        language: 'Change language',
      },
      userMenu: {
        changePassword: 'Change password',
        mfa: 'Add/modify authenticator',
        logout: 'Log out',
      },
      logout: {
        title: 'Log out',
        message: 'Are you sure you want to log out?',
        confirm: 'Log out',
      },
      sideMenu: {
        search: 'Search menu',
        noMatch: 'No matching menu entry',
        label: 'Main menu',
      },
      tabs: {
        label: 'Open pages',
        close: 'Close',
        menu: 'Tab actions',
        refresh: 'Refresh',
        closeThis: 'Close',
        closeOthers: 'Close others',
        closeRight: 'Close to the right',
        closeAll: 'Close all',
      },
      page: {
        loadFailed: 'The page failed to load',
      },
      profileError: {
        title: 'Invalid deployment profile',
        message: 'Unknown deployment profile "%{profile}". Known profiles: %{known}.',
        useDefault: 'Use the default profile',
      },
      dashboard: {
        profile: 'Profile',
        username: 'Username',
        role: 'Role',
        id: 'ID',
        lastLogin: 'Last login',
        invitationCode: 'Invitation code',
        never: 'None',
        loadFailed: 'Unable to get the user information',
      },
      roles: {
        god: 'Admin',
        angel: 'Supervisor',
        superman: 'Leader',
        hero: 'Salesman',
      },
      devlog: {
        title: 'Request log',
        clear: 'Clear',
        empty: 'No requests yet',
        method: 'Method',
        path: 'Path',
        status: 'Status',
        time: 'Time',
      },
    },
  },
};
