const Branch branches[NUM_BRANCHES] =
{
    { BRANCH_DUNGEON, NUM_BRANCHES, 0, 0, 12, 0,
      brflag::none,
      NUM_FEATURES, DNGN_EXIT_DUNGEON, NUM_FEATURES,
      "Dungeon", "the Dungeon", "D",
      nullptr,
      LIGHTGREY, BROWN,
      'D', {}, branch_noise::normal, DEFAULT_MON_DIE_SIZE,
      {} },

    { BRANCH_GROVE, BRANCH_DUNGEON, 3, 5, 2, 6,
      brflag::none,
      DNGN_ENTER_GROVE, DNGN_EXIT_GROVE, NUM_FEATURES,
      "Glass Grove", "the Glass Grove", "Grove",
      nullptr,
      CYAN, CYAN,
      'G', {}, branch_noise::normal, DEFAULT_MON_DIE_SIZE,
      {} },

    { BRANCH_PIT, NUM_BRANCHES, -1, -1, 1, 9,
      brflag::no_x_level_travel,
      NUM_FEATURES, NUM_FEATURES, NUM_FEATURES,
      "Pit", "a pit", "Pit",
      nullptr,
      BROWN, BROWN,
      '0', {}, branch_noise::normal, DEFAULT_MON_DIE_SIZE,
      {} },
};
