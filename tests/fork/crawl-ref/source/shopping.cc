static const char *shop_types[] =
{
    "weapon",
    "armour",
    "trinket",
    "general",
};
