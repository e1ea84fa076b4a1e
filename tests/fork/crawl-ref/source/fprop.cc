feature_property_type str_to_fprop(const string &str)
{
    if (str == "bloody")
        return FPROP_BLOODY;
    if (str == "no_glow")   // the fork's own
        return FPROP_NO_GLOW;
    return FPROP_NONE;
}
