from typing import Literal

AccountPolicyResponseDataSource = Literal['account', 'workspace']

ACCOUNT_POLICY_RESPONSE_DATA_SOURCE_VALUES: set[AccountPolicyResponseDataSource] = { 'account', 'workspace',  }

def check_account_policy_response_data_source(value: str) -> AccountPolicyResponseDataSource:
    if value in ACCOUNT_POLICY_RESPONSE_DATA_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_POLICY_RESPONSE_DATA_SOURCE_VALUES!r}")
